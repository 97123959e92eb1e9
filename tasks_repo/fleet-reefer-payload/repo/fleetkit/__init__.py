"""fleetkit: a delivery company's vans and trucks: loading plans, servicing, trip costs."""
