#!/usr/bin/env bash
# The gate as action.yml runs it: factline from the project's node_modules when it
# has it (npm ci put it there), else from the action's own checkout (built by npm ci,
# which runs the package's prepare). Every input arrives as an environment variable,
# so a test runs this script as the runner does, with a fake GITHUB_* environment.
# @implements adoption#ACTION-RUNS-THE-GATE
set -euo pipefail

if [ -x node_modules/.bin/factline ]; then
  factline=(node_modules/.bin/factline)
else
  (cd "$GITHUB_ACTION_PATH" && npm ci --no-audit --no-fund >&2)
  factline=(node "$GITHUB_ACTION_PATH/bin/factline.js")
fi

args=(check)
# Results and base results are space-separated lists of files; a glob in them (Surefire's
# target/surefire-reports/TEST-*.xml) expands here, as it would in the workflow's shell.
if [ -n "${FACTLINE_RESULTS:-}" ]; then
  # shellcheck disable=SC2206 # word splitting and globbing are the point
  results=($FACTLINE_RESULTS)
  args+=(--results "${results[@]}")
fi
if [ -n "${FACTLINE_SARIF:-}" ]; then args+=(--sarif "$FACTLINE_SARIF"); fi
if [ -n "${FACTLINE_JUNIT:-}" ]; then args+=(--junit "$FACTLINE_JUNIT"); fi
# Empty outside a job (run locally): check --summary '' writes nothing and says so.
args+=(--summary "${GITHUB_STEP_SUMMARY:-}")
# On a pull request only what is new since the base fails; main's own results, when the
# caller has them, tell a test already failing there from one the pull request broke.
if [ "${GITHUB_EVENT_NAME:-}" = pull_request ] && [ -n "${GITHUB_BASE_REF:-}" ]; then
  args+=(--base "origin/$GITHUB_BASE_REF")
  if [ -n "${FACTLINE_BASE_RESULTS:-}" ]; then
    # shellcheck disable=SC2206
    base_results=($FACTLINE_BASE_RESULTS)
    args+=(--base-results "${base_results[@]}")
  fi
fi
if [ -n "${FACTLINE_ARGS:-}" ]; then
  # shellcheck disable=SC2206
  extra=($FACTLINE_ARGS)
  args+=("${extra[@]}")
fi
exec "${factline[@]}" "${args[@]}"
