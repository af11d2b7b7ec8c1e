"""The webhooks' and the feed's part of the contract: their port and the announcements' schemas."""
