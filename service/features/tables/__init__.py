"""The table: lifecycle (resign, leave, abort, stand-ins), clocks, takebacks and the steward."""
