"""payday: a small payroll: timesheets, pay periods, overtime, tax bands and payslips."""
