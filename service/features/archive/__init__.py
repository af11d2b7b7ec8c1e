"""The archive tier (architecture §5f, issue 31): finished games moved from Redis to an object store
as their verified, compressed logs, with a small index entry left in Redis."""
