"""What every feature stands on: the caller, seat tokens, store failures, offloading, stopping."""
