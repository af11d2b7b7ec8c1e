"""Webhooks and the cross-game feed: the relay, endpoints, deliveries and the feed stream."""
