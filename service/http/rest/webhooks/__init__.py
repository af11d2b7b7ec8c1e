"""REST: the webhook admin API and the feed's registration routes."""
