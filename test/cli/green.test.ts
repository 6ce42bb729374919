/**
 * Issue 22's own cases, each a temp project run through the real CLI: every
 * one of them said OK on main 66d9714 where the gate must fail or refuse
 * (bench/adversarial.ts runs the whole matrix around them, and the controls
 * that must stay OK). The projects come from support/adversarial-cases.ts,
 * shared with the bench so the two can never drift apart.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCases, type Case, ROOT, removeTree, write } from '../../support/adversarial-cases.ts';
import { runInProcess as runIn } from '../support/cli.ts';

const cases = new Map(allCases().map((c) => [`${c.category} | ${c.name}`, c]));

function pick(names: readonly string[]): [string, Case][] {
  return names.map((name) => {
    const c = cases.get(name);
    if (c === undefined) throw new Error(`no case named ${name}`);
    return [name, c];
  });
}

/** The verdict a case gets: the exit code, and whether the files it must keep were kept. */
async function play(c: Case): Promise<{ code: number; kept: boolean; said: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'factline-green-'));
  try {
    for (const [path, text] of Object.entries(c.files))
      write(dir, path, typeof text === 'string' ? text.replaceAll(ROOT, dir) : text);
    c.setup?.(dir);
    const cwd = c.cwd === undefined ? dir : join(dir, c.cwd);
    const before = (c.keep ?? []).map((f) => [f, readFileSync(join(cwd, f))] as const);
    const run = await runIn(cwd, c.argv);
    const kept = before.every(([f, bytes]) => readFileSync(join(cwd, f)).equals(bytes));
    return { code: run.code, kept, said: `${run.stdout}${run.stderr}` };
  } finally {
    removeTree(dir);
  }
}

async function expectVerdict(c: Case): Promise<void> {
  const { code, kept, said } = await play(c);
  if (c.expect === 'red') expect(code === 0 || !kept, said).toBe(false);
  else expect({ code, kept }, said).toEqual({ code: 0, kept: true });
}

describe('issue 22: test results', () => {
  // @verifies results#RESULTS-UNCONFIRMED-IS-AN-ERROR
  // @verifies results#RESULTS-FILE-FAILURE-FAILS-ITS-CITATIONS
  // @verifies results#RESULTS-DESCRIBE-JUDGED-BY-EVERY-TEST
  // @verifies results#RESULTS-JOIN-EXACT
  // @verifies results#RESULTS-JUNIT-FLAVOURS
  // @verifies results#VECTOR-RESULTS-NEED-THE-VECTOR
  it.each(
    pick([
      'results | vitest JSON: the test file threw at import',
      'results | vitest JUnit: the test file threw at import',
      'results | vitest JSON: the citing test is commented out, another test passed',
      'results | vitest JSON: the title is a variable',
      "results | vitest JSON: the title is 'a ' + 'b' and a test titled 'a ' passed elsewhere in the file",
      'results | vitest JSON: it.skip carries the citation, a same-titled test passed in the file',
      'results | vitest JSON: a same-titled test passed in packages/legacy/test/greet.test.ts, ours is absent',
      'results | vitest JSON: the citation is above a describe whose test failed',
      "results | vitest JSON: the citation is in a describe's body, one of its tests failed",
      'results | jest-junit defaults: the citing test failed',
      'results | pytest xunit2: failed',
      'results | node --test JUnit: the citing test failed',
      'results | node --test JUnit: the citing test passed (no file: unconfirmed)',
      'results | vector results: the vectors file does not exist',
      'results | vector results: the vector changed since it ran',
      'results | vitest JSON: the citing test passed',
      'results | vitest JSON: the citation is above a describe whose tests all passed',
      'results | pytest xunit2: passed',
      'results | vector results: the vector is as it ran',
    ]),
  )('%s', async (_name, c) => expectVerdict(c), 60_000);
});

describe('issue 22: a test the source marks never to run, without results', () => {
  const staticSkip = [...cases].filter(([name]) => name.startsWith('static skip | '));
  // @verifies scanner#STATIC-SKIP-VERIFIES-NOTHING
  it.each(staticSkip)('%s', async (_name, c) => {
    await expectVerdict(c);
  });

  it('names the test and the marker in the finding', async () => {
    const c = cases.get('static skip | no results: it.todo')!;
    const { code, said } = await play(c);
    expect(code).toBe(1);
    expect(said).toContain('error verification-skipped');
    expect(said).toContain('test "greets by name" is marked todo in the source');
  });
});

describe('issue 22: spec markup and policy', () => {
  // @verifies reader#LOOK-ALIKE-TAGS-ARE-ERRORS
  // @verifies reader#NO-FACT-IN-HEADINGS-OR-HTML
  // @verifies reader#REQUIRES-KINDS-VALIDATED
  // @verifies trace#POLICY-KEYS-VALIDATED
  // @verifies reader#DIGEST-COVERS-MEANING
  it.each(
    pick([
      'markup | a `---` line right under the fact',
      'markup | inside <details> on its own lines',
      'markup | inside <div> on its own lines',
      'markup | inside <p align="center"> on one line',
      'markup | status wrapped (…) at the end',
      'markup | status wrapped **…** at the end',
      'markup | marker @Status: at the end',
      'markup | marker @staus: at the end',
      'markup | anchor wrapped **…**',
      'markup | @requires:verfication',
      'markup | @requires:Implementation',
      'markup | @requires:implementation;verification',
      'policy | policy {"impl/done": ["implementaton"]}',
      'policy | policy {"impl/dnoe": ["implementation", "verification"]}',
      'digest | table header: allowed → forbidden',
      'digest | reference link target changes',
      'digest | footnote text changes',
      'markup | control: a rule after a blank line',
      'markup | control: code spans, addresses and prose stay prose',
      'digest | control: the table is re-padded',
    ]),
  )('%s', async (_name, c) => expectVerdict(c), 60_000);
});

describe('issue 22: --changed, namespaces, writers and inputs', () => {
  // @verifies engine#CHANGED-NEVER-GREENER
  // @verifies engine#STAGED-JUDGES-THE-INDEX
  // @verifies trace#NAMESPACES-RESOLVE-EXACTLY
  // @verifies engine#WRITERS-NEVER-OVERWRITE-INPUTS
  // @verifies reader#CRLF-GIVES-THE-LF-VERDICT
  // @verifies engine#UNREADABLE-FILES-ARE-NOT-SILENT
  // @verifies reader#HUGE-SPEC-STOPS-CLEARLY
  it.each(
    pick([
      'changed | a source changed behind a tracked symlink',
      'changed | a spec outside the root reworded (pinned citation goes stale)',
      'changed | a source in a nested repository changed',
      'changed | a bad citation staged, reverted only in the working copy (--staged)',
      'changed | --changed --results: the citing test failed, its file unchanged',
      'changed | control: nothing changed',
      'namespaces | "namespace": "acme": spec://other-project/greeter#GREET-BY-NAME',
      'namespaces | "namespace": "acme": spec://acme/greeter#GREET-BY-NAME',
      'writers | --junit over the results it reads',
      'writers | --html over a spec',
      'writers | --junit through a symlink to the results',
      'writers | control: --junit to a fresh file',
      'inputs | CRLF checkout of a green project stays green (pinned @fact/code)',
      'inputs | CRLF checkout of generated files is still generated (gen --check)',
      'inputs | a source whose name is not valid UTF-8 cites an unknown fact',
      'inputs | a source under a path past the OS limit cites an unknown fact',
      'inputs | a 40 MB spec (600k facts) stops, not a green and not minutes of memory',
    ]),
  )('%s', async (_name, c) => expectVerdict(c), 60_000);
});
