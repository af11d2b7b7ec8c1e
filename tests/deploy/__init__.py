"""Tests of the deployment files in deploy/ and k8s/ (image, Redis, compose, Kubernetes)."""
