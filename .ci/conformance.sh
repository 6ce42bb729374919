#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance), natively over
# Streamable HTTP, against examples/conformance-server.mjs (a server on our generated core):
# both suite versions we answer to, every level each has —
#   0.1.16          active, pending
#   0.2.0-alpha.12  active, pending, draft, and --requirements 2026-07-28
# — plus, for comparison, 0.1.16 against .ci/conformance-sdk-server.mjs (the same fixtures
# on the official SDK). Fails when any check fails that .ci/conformance-allowed.txt does not
# name (each entry there is a failure shown to be the suite's own, with its message and why),
# or when that list names a failure that no longer happens (.ci/conformance-verdict.mjs).
# The suite needs Node 22: it is installed from the npm registry as a package (node@22)
# into a temp dir, beside the suites.
set -euo pipefail
cd "$(dirname "$0")/.."
# CONFORMANCE_VERSIONS narrows the run (e.g. "0.2.0-alpha.12") while working on one suite.
VERSIONS="${CONFORMANCE_VERSIONS:-0.1.16 0.2.0-alpha.12}"
tmp="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

# Each version in a folder of its own (their dependencies differ); node@22 once.
echo "installing node@22 and @modelcontextprotocol/conformance@{${VERSIONS// /,}} into $tmp"
(cd "$tmp" && echo '{"private":true}' >package.json &&
  npm i --no-audit --no-fund --loglevel=error node@22 >/dev/null)
for version in $VERSIONS; do
  mkdir -p "$tmp/suite-$version"
  (cd "$tmp/suite-$version" && echo '{"private":true}' >package.json &&
    npm i --no-audit --no-fund --loglevel=error "@modelcontextprotocol/conformance@$version" >/dev/null) &
done
wait
node22="$tmp/node_modules/.bin/node"
echo "suites under $("$node22" --version)"

# Our example imports `factline/mcp-core`: the library build of generated/.
npx tsc -p tsconfig.lib.json

# Starts `node SCRIPT` on a free port (its stderr, where it writes its URL, goes to a log).
start() {
  PORT=0 node "$2" >/dev/null 2>"$tmp/$1.log" &
  pids+=("$!")
}
# The URL a started server wrote to its log, once it did.
url_of() {
  local url
  for _ in $(seq 1 100); do
    url="$(grep -o 'http://[^ ]*/mcp' "$tmp/$1.log" | head -1 || true)"
    if [ -n "$url" ]; then
      echo "$url"
      return
    fi
    sleep 0.1
  done
  echo "$1 did not start:" >&2
  cat "$tmp/$1.log" >&2
  return 1
}
start ours examples/conformance-server.mjs
start sdk .ci/conformance-sdk-server.mjs
ours_url="$(url_of ours)"
sdk_url="$(url_of sdk)"

# Runs one level of one suite version against a server, its checks written under
# $tmp/checks/SERVER/VERSION/LEVEL; the run's exit code is ignored (the checks decide).
run() {
  local server="$1" url="$2" version="$3" level="$4" args
  if [ "$level" = requirements-2026-07-28 ]; then args=(--requirements 2026-07-28); else args=(--suite "$level"); fi
  local out="$tmp/checks/$server/$version/$level"
  mkdir -p "$out"
  "$node22" "$tmp/suite-$version/node_modules/@modelcontextprotocol/conformance/dist/index.js" \
    server --url "$url" "${args[@]}" -o "$out" >"$out.log" 2>&1 || true
}
levels_of() {
  case "$1" in
    0.1.*) echo active pending ;;
    *) echo active pending draft requirements-2026-07-28 ;;
  esac
}

started=$SECONDS
runs=()
for version in $VERSIONS; do
  for level in $(levels_of "$version"); do
    run ours "$ours_url" "$version" "$level"
    runs+=("$version/$level=$tmp/checks/ours/$version/$level")
  done
done
echo "suites ran in $((SECONDS - started)) s"

# The SDK beside us, for information only (its pending run lacks the SEP-1613 tool:
# SDK 1.x takes zod schemas, and that scenario checks a raw 2020-12 schema).
if [[ " $VERSIONS " == *" 0.1.16 "* ]]; then
  sdk_runs=()
  for level in active pending; do
    run sdk "$sdk_url" 0.1.16 "$level"
    sdk_runs+=("sdk 0.1.16/$level=$tmp/checks/sdk/0.1.16/$level")
  done
  printf '\nthe official SDK server, same fixtures (for comparison, not judged):'
  node .ci/conformance-verdict.mjs /dev/null "${sdk_runs[@]}" 2>/dev/null || true
fi

printf '\nour server (examples/conformance-server.mjs):'
node .ci/conformance-verdict.mjs .ci/conformance-allowed.txt "${runs[@]}"
