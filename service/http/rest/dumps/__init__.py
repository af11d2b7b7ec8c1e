"""REST: dumps of whole periods for analysts."""
