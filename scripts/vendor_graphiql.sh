#!/usr/bin/env bash
# Re-fetches the GraphiQL page's assets into service/http/pages/static/graphiql/ from the npm registry, so
# the IDE at GET /graphql works without any CDN (service/http/pages/graphiql.py serves them).
#
# Only `npm pack` is used (npm checks each tarball against the registry's integrity hash); the
# packages are never installed and no build runs. To upgrade, change a version below, run this
# script, update the table in service/http/pages/static/graphiql/README.md and run the browser test
# (tests/browser/test_graphiql.py). GraphiQL 4.1 is the last release with a UMD build (5.x is
# ESM and Monaco only); it needs React 18 (React 19 ships no UMD build). graphql-ws, used for
# subscriptions, is bundled inside graphiql.min.js.
set -euo pipefail

GRAPHIQL_VERSION=4.1.2
REACT_VERSION=18.3.1

cd "$(dirname "$0")/.."
dest=service/http/pages/static/graphiql
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# fetch PACKAGE VERSION FILE:NAME...: copies package/FILE of the tarball to $dest/NAME, and its
# licence to $dest/LICENSE.PACKAGE.
fetch() {
  local package=$1 version=$2 tarball pair
  shift 2
  tarball="$(cd "$work" && npm pack --silent "$package@$version")"
  mkdir -p "$work/$package"
  tar -xzf "$work/$tarball" -C "$work/$package"
  for pair in "$@" "LICENSE:LICENSE.$package"; do
    cp "$work/$package/package/${pair%%:*}" "$dest/${pair#*:}"
  done
}

mkdir -p "$dest"
fetch graphiql "$GRAPHIQL_VERSION" graphiql.min.js:graphiql.min.js graphiql.min.css:graphiql.min.css
fetch react "$REACT_VERSION" umd/react.production.min.js:react.production.min.js
fetch react-dom "$REACT_VERSION" umd/react-dom.production.min.js:react-dom.production.min.js
(cd "$dest" && sha256sum -- graphiql.min.* react*.js LICENSE.* > SHA256SUMS)
echo "vendored graphiql $GRAPHIQL_VERSION and react/react-dom $REACT_VERSION into $dest" >&2
