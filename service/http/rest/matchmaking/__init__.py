"""REST: seeks, challenges and rematches."""
