#!/usr/bin/env node
// The verdict of .ci/conformance.sh: reads the checks.json files the suite wrote
// (`-o DIR`, one folder per scenario) for each run given as LABEL=DIR, prints
// each run's counts, and exits 1 when a check failed that the allow-list
// (.ci/conformance-allowed.txt) does not name for that run, or when the list
// names a failure that did not happen (a stale entry hides nothing).
//
//   node .ci/conformance-verdict.mjs ALLOWED 0.1.16/active=DIR ...
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [allowedFile, ...runs] = process.argv.slice(2);

/**
 * The allow-list: `LABEL SCENARIO:CHECK-ID` lines, each followed by the
 * suite's message (`  suite: …`) and why the failure is the suite's own
 * (`  why: …`); `#` starts a comment.
 */
function allowed(file) {
  const entries = new Map();
  let last;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const text = line.replace(/#.*$/, '').trimEnd();
      if (text.trim() === '') return;
      const note = /^\s+(suite|why):\s*(.+)$/.exec(text);
      if (note !== null) {
        if (last === undefined) throw new Error(`${file}:${i + 1}: a note before any entry`);
        last[note[1]] = note[2];
        return;
      }
      const entry = /^(\S+)\s+(\S+:\S+)$/.exec(text);
      if (entry === null)
        throw new Error(`${file}:${i + 1}: expected "LABEL SCENARIO:CHECK-ID", got ${JSON.stringify(line)}`);
      last = { at: `${file}:${i + 1}`, label: entry[1], check: entry[2] };
      entries.set(`${entry[1]} ${entry[2]}`, last);
    });
  for (const e of entries.values()) {
    if (e.suite === undefined || e.why === undefined) {
      throw new Error(
        `${e.at}: ${e.check} needs the suite's message ("  suite: …") and the reason ("  why: …")`,
      );
    }
  }
  return entries;
}

/** Every check of a run: scenario, check id, status, message. */
function checksOf(dir) {
  const checks = [];
  for (const folder of readdirSync(dir)) {
    const scenario = folder.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    const file = join(dir, folder, 'checks.json');
    let list;
    try {
      list = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      checks.push({
        scenario,
        id: '(no checks.json)',
        status: 'FAILURE',
        message: `${file} is missing or not JSON`,
      });
      continue;
    }
    for (const c of list)
      checks.push({ scenario, id: c.id, status: c.status, message: c.errorMessage ?? '' });
  }
  return checks;
}

const allow = allowed(allowedFile);
const seen = new Set();
let bad = 0;
console.log(
  `\n${'run'.padEnd(40)} ${'passed'.padStart(7)} ${'failed'.padStart(7)} ${'allowed'.padStart(8)} ${'warnings'.padStart(9)}`,
);
const report = [];
for (const run of runs) {
  const [label, dir] = run.split('=');
  const checks = checksOf(dir);
  const count = (status) => checks.filter((c) => c.status === status).length;
  let allowedHere = 0;
  for (const c of checks.filter((c) => c.status === 'FAILURE')) {
    const key = `${label} ${c.scenario}:${c.id}`;
    if (allow.has(key)) {
      seen.add(key);
      allowedHere++;
      continue;
    }
    bad++;
    report.push(`  ✗ ${key}: ${c.message}`);
  }
  if (checks.length === 0) {
    bad++;
    report.push(`  ✗ ${label}: the suite wrote no checks (did it run?)`);
  }
  console.log(
    `${label.padEnd(40)} ${String(count('SUCCESS')).padStart(7)} ${String(count('FAILURE')).padStart(7)} ${String(allowedHere).padStart(8)} ${String(count('WARNING')).padStart(9)}`,
  );
}
const labels = new Set(runs.map((run) => run.split('=')[0]));
for (const [key, e] of allow) {
  // An entry of a run not made this time (CONFORMANCE_VERSIONS narrowed it) is not judged.
  if (seen.has(key) || !labels.has(e.label)) continue;
  bad++;
  report.push(`  ✗ ${e.at}: allowed failure ${key} did not happen; remove it from the list`);
}
if (bad > 0) {
  console.error(`\nconformance: ${bad} failure(s) not on the allow-list (${allowedFile}):`);
  for (const line of report) console.error(line);
  process.exit(1);
}
console.log(
  `\nconformance: every check passed, but for ${seen.size} allowed failure(s) of the suite's own (${allowedFile})`,
);
