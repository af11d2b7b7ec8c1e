"""Tests of web pages in a real headless Chromium (Debian's package), driven by Playwright."""
