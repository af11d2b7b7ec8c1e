#!/usr/bin/env bash
# Makes sure Chromium is installed (Debian's package): the page tests (tests/browser/) open the
# GraphiQL page in it, headless, driven by Python Playwright, which never downloads a browser.
#
# Installs only when Chromium is missing, and only as root with apt-get (CI, a fresh Debian
# machine). Anywhere else it says so and goes on: the browser tests then skip with that
# reason, except in CI (CI=true), where they fail. Idempotent: a second run does nothing.
set -euo pipefail

found() {
  command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
    || [ -x /usr/bin/chromium ]
}

if found; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "warning: chromium is not installed and cannot be installed here (needs root and" \
       "apt-get); the browser tests will be skipped (sudo apt-get install chromium to run them)" >&2
  exit 0
fi
echo "installing chromium (Debian package) for the browser tests; this takes a while" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium >/dev/null; }; then
  echo "error: apt-get could not install chromium (see above); the browser tests need it" >&2
  exit 1
fi
if ! found; then
  echo "error: the chromium package installed no chromium binary" >&2
  exit 1
fi
