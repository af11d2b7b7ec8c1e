"""The Redis side of the background work: the outbox relay and the feed, webhook queues, bot
jobs and the table's deadlines."""
