"""planly: subscription plans, coupons and invoices for a small SaaS."""
