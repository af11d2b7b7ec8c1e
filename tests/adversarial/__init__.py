"""Adversarial and load tests of the service on real Redis and real service processes."""
