#!/usr/bin/env bash
# Re-fetches the REST API docs page's assets (GET /v1/docs) into service/http/pages/static/apidocs/ from
# the npm registry, so the page works without any CDN (service/http/pages/api_docs.py serves them).
#
# Only `npm pack` is used (npm checks the tarball against the registry's integrity hash); the
# package is never installed and no build runs. To upgrade, change the version below, run this
# script and the docs page test (tests/api/test_rest_docs.py). The page's own script is boot.js
# (kept in git, not fetched), so the Content-Security-Policy needs no inline script.
set -euo pipefail

SWAGGER_UI_VERSION=5.35.0

cd "$(dirname "$0")/.."
dest=service/http/pages/static/apidocs
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

tarball="$(cd "$work" && npm pack --silent "swagger-ui-dist@$SWAGGER_UI_VERSION")"
tar -xzf "$work/$tarball" -C "$work"
mkdir -p "$dest"
for name in swagger-ui-bundle.js swagger-ui.css; do
  cp "$work/package/$name" "$dest/$name"
done
cp "$work/package/LICENSE" "$dest/LICENSE.swagger-ui-dist"
(cd "$dest" && sha256sum -- swagger-ui-bundle.js swagger-ui.css LICENSE.* > SHA256SUMS)
echo "vendored swagger-ui-dist $SWAGGER_UI_VERSION into $dest" >&2
