"""The archive's stores: object stores (a directory, S3), bounded object reads, the Redis side of
archived games (index entries, leases, the recorded place) and log reads that fall through."""
