"""REST: the table (resign, leave, takebacks, clocks, the admin's operations)."""
