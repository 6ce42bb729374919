#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance), natively over
# Streamable HTTP, against examples/conformance-server.mjs (a server on our generated core)
# and .ci/conformance-sdk-server.mjs (the same fixtures on the official SDK), in one run.
# The suite needs Node 22: it is installed from the npm registry as a package (node@22)
# into a temp dir, beside the suite. Prints both servers' counts side by side and fails
# when ours has any failed check in the active scenarios.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION="${CONFORMANCE_VERSION:-0.1.16}"
tmp="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "installing node@22 and @modelcontextprotocol/conformance@$VERSION into $tmp"
(cd "$tmp" && echo '{"private":true}' >package.json &&
  npm i --no-audit --no-fund --loglevel=error node@22 "@modelcontextprotocol/conformance@$VERSION" >/dev/null)
node22="$tmp/node_modules/.bin/node"
suite="$tmp/node_modules/@modelcontextprotocol/conformance/dist/index.js"
echo "suite under $("$node22" --version)"

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

# Runs a suite against a server; the run's output is kept, its exit code ignored (the counts decide).
run() {
  "$node22" "$suite" server --url "$2" --suite "$3" >"$tmp/$1-$3.out" 2>&1 || true
}
for suite_name in active pending; do
  run ours "$ours_url" "$suite_name"
  run sdk "$sdk_url" "$suite_name"
done

# "✓ name: P passed, F failed" per scenario, and "Total: P passed, F failed".
scenario_counts() { sed -n 's/^[✓✗] \([^:]*\): \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2 \3/p' "$1"; }
total() { sed -n 's/^Total: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$1"; }

# Pending scenarios are shown for information only (the SDK server registers no SEP-1613
# tool: SDK 1.x takes zod schemas, and that scenario checks a raw 2020-12 schema).
for suite_name in active pending; do
  printf '\n%s scenarios (conformance %s)\n' "$suite_name" "$VERSION"
  printf '%-34s %14s %14s\n' scenario 'ours pass/fail' 'sdk pass/fail'
  join -a1 -a2 -e- -o 0,1.2,1.3,2.2,2.3 \
    <(scenario_counts "$tmp/ours-$suite_name.out" | sort) \
    <(scenario_counts "$tmp/sdk-$suite_name.out" | sort) |
    while read -r name op of sp sf; do printf '%-34s %14s %14s\n' "$name" "$op/$of" "$sp/$sf"; done
  read -r op of <<<"$(total "$tmp/ours-$suite_name.out")"
  read -r sp sf <<<"$(total "$tmp/sdk-$suite_name.out")"
  printf '%-34s %14s %14s\n' TOTAL "$op/$of" "$sp/$sf"
  if [ "$suite_name" = active ]; then
    ours_passed="$op"
    ours_failed="$of"
  fi
done

if [ -z "${ours_failed:-}" ] || [ -z "${ours_passed:-}" ]; then
  echo "conformance: no summary from the suite against our server:" >&2
  cat "$tmp/ours-active.out" >&2
  exit 1
fi
if [ "$ours_failed" != 0 ] || [ "$ours_passed" = 0 ]; then
  echo "conformance: our server failed $ours_failed check(s) of the active scenarios:" >&2
  grep -B2 -A8 'FAILURE' "$tmp/ours-active.out" >&2 || cat "$tmp/ours-active.out" >&2
  exit 1
fi
echo "conformance: our server passed all $ours_passed checks of the active scenarios"
