#!/usr/bin/env bash
# Makes sure nginx is installed (Debian's package): the cluster tests and bench/scale_bench.py
# run it as the load balancer in front of the service replicas (tests/balancer.py).
#
# Installs only when nginx is missing, and only as root with apt-get (CI, a fresh Debian
# machine). Anywhere else it says so and goes on: the one balancer test then skips with that
# reason, except in CI (CI=true), where it fails. Idempotent: a second run does nothing.
set -euo pipefail

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "warning: nginx is not installed and cannot be installed here (needs root and apt-get);" \
       "the load-balancer test will be skipped (sudo apt-get install nginx to run it)" >&2
  exit 0
fi
echo "installing nginx (Debian package) for the load-balancer tests" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends nginx >/dev/null; }; then
  echo "error: apt-get could not install nginx (see above); the cluster tests need it" >&2
  exit 1
fi
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "error: the nginx package installed no nginx binary" >&2
  exit 1
fi
