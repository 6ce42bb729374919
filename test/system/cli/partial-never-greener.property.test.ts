/**
 * Partial runs are never greener than the full gate on what they judge
 * (docs/policy.md, "Partial runs"). A property over random edits of a small
 * git project (citations added and removed, a fact reworded or its status
 * broken, files staged or not), optionally with its test folder behind a
 * symbolic link, a spec outside the repository and a nested repository,
 * compares each partial run with the full `check` through the real CLI:
 *
 * - `--staged` with the full gate on a fresh checkout of the index (a
 *   worktree of a commit of it, beside the repository, where `../shared`
 *   means what it means from the repository): the same exit code and the
 *   same findings;
 * - `--changed HEAD` with the full gate on the working tree: red whenever
 *   the full gate has an error of a rule partial runs judge (checks/partial.ts:
 *   the citation rules and spec diagnostics) in a file changed since HEAD or
 *   new since HEAD;
 * - `--watch`, started before the edits, with the full gate on the working
 *   tree after them: its last verdict is not OK where the full gate fails;
 * - `--base HEAD` with the full gate on the working tree and on a checkout of
 *   HEAD beside the repository: red whenever an error is new since HEAD
 *   (matched as the baseline matches).
 *
 * Greener: the partial run exits 0 where that says it must not. The count
 * must be 0. PARTIAL_SEED and PARTIAL_CASES pick another seed or size.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding, TraceResult } from '../../../checks/model.ts';
import { partialScope } from '../../../checks/partial.ts';
import type { RuleId } from '../../../checks/rules/index.ts';
import { BIN } from '../../support/cli.ts';
import { git } from '../../support/git-project.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const SEED = Number(process.env.PARTIAL_SEED ?? 33);
const CASES = Number(process.env.PARTIAL_CASES ?? 8);

interface Shape {
  outside: boolean;
  linked: boolean;
  nested: boolean;
}

type Edit =
  | { kind: 'cite'; file: number; verb: 'implements' | 'verifies'; ref: number }
  | { kind: 'uncite'; file: number; line: number }
  | { kind: 'reword'; fact: number }
  | { kind: 'status'; fact: number; status: number }
  | { kind: 'new test'; ref: number }
  | { kind: 'nested'; ref: number };

interface Scenario {
  shape: Shape;
  edits: Edit[];
  stage: 'none' | 'all' | 'some';
  picks: boolean[];
}

const FACTS = [
  { doc: 'doc', id: 'A' },
  { doc: 'doc', id: 'B' },
  { doc: 'doc', id: 'C' },
  { doc: 'ext', id: 'X' },
];
const REFS = ['doc#A', 'doc#B', 'doc#C', 'ext#X', 'doc#NOPE', 'doc#A~00000000', 'B'];
const STATUSES = ['impl/done', 'impl/work', 'plan/work', 'impl/void'];

const sometimes = fc.nat(2).map((n) => n === 0);

const scenario: fc.Arbitrary<Scenario> = fc.record({
  // A spec outside or a nested repository makes --changed run the full gate: a third of the time each.
  shape: fc.record({ outside: sometimes, linked: fc.boolean(), nested: sometimes }),
  edits: fc.array(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('cite' as const),
          file: fc.nat(9),
          verb: fc.constantFrom('implements' as const, 'verifies' as const),
          ref: fc.nat(REFS.length - 1),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('uncite' as const), file: fc.nat(9), line: fc.nat(9) }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('reword' as const), fact: fc.nat(FACTS.length - 1) }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('status' as const),
          fact: fc.nat(FACTS.length - 1),
          status: fc.nat(STATUSES.length - 1),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('new test' as const), ref: fc.nat(REFS.length - 1) }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('nested' as const), ref: fc.nat(REFS.length - 1) }),
      },
    ),
    { minLength: 1, maxLength: 4 },
  ),
  stage: fc.constantFrom('none' as const, 'all' as const, 'some' as const),
  picks: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
});

/** Every CLI run of the property, for the printed total. */
let runs = 0;

function factline(cwd: string, args: string[]): { code: number; stdout: string; stderr: string } {
  runs++;
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 1 << 26,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function judge(cwd: string, args: string[]): { code: number; findings: Finding[] } {
  const r = factline(cwd, ['check', '--json', '--no-cache', ...args]);
  if (r.code === 2) throw new Error(`check ${args.join(' ')} exited 2 in ${cwd}: ${r.stderr}`);
  const json = JSON.parse(r.stdout) as TraceResult & { added?: Finding[] };
  return { code: r.code, findings: json.findings ?? json.added ?? [] };
}

/** A running `check --watch`: its output so far, and a wait for the verdict line of the run after `from`. */
function startWatch(root: string) {
  runs++;
  const child = spawn(process.execPath, [BIN, 'check', '--watch'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stderr.resume();
  const verdictAfter = async (from: number, wait: number): Promise<string | undefined> => {
    for (let waited = 0; waited < wait; waited += 20) {
      const last = [...out.slice(from).matchAll(/^(OK|FAIL) /gm)].at(-1);
      if (last) return last[1];
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  };
  return { child, out: () => out, verdictAfter };
}

/** The project: `around/repo` (git), `around/shared/ext.md` when a spec lies outside. */
function build(shape: Shape): { around: string; repo: string; tests: string } {
  const around = tempDir('partial');
  const repo = join(around, 'repo');
  const tests = shape.linked ? 'suites/unit' : 'test';
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  const fact = (id: string, what: string) => `@fact:${id} ${what} holds. @status:impl/done\n`;
  if (shape.outside) writeFiles(around, { 'shared/ext.md': `# ext\n\n${fact('X', 'Ext x')}` });
  writeFiles(repo, {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md', ...(shape.outside ? ['../shared/**/*.md'] : [])],
      sources: ['src/**/*.ts', ...(shape.nested ? ['vendor/**/*.ts'] : [])],
      tests: ['test/**/*.ts'],
    }),
    'specs/doc.md': `# doc\n\n${fact('A', 'Alpha')}\n${fact('B', 'Beta')}\n${fact('C', 'Gamma')}`,
    'src/a.ts': '// @implements doc#A\n// @implements doc#B\nexport const a = 1;\n',
    'src/c.ts': `// @implements doc#C\n${shape.outside ? '// @implements ext#X\n' : ''}export const c = 1;\n`,
    [`${tests}/a.test.ts`]: "// @verifies doc#A\n// @verifies doc#B\nit('a', () => {});\n",
    [`${tests}/c.test.ts`]: `// @verifies doc#C\n${shape.outside ? '// @verifies ext#X\n' : ''}it('c', () => {});\n`,
  });
  if (shape.linked) symlinkSync('suites/unit', join(repo, 'test'));
  if (shape.nested) {
    // A repository of its own inside this one, which this one's git does not track.
    writeFiles(repo, { 'vendor/lib/v.ts': '// @implements doc#B\nexport const v = 1;\n' });
    git(join(repo, 'vendor/lib'), 'init', '-q', '-b', 'main');
    git(join(repo, 'vendor/lib'), 'add', '-A');
    git(join(repo, 'vendor/lib'), 'commit', '-q', '-m', 'nested');
  }
  // Pinned citations, so a reworded fact makes them stale.
  const pinned = factline(repo, ['pin', '--add']);
  if (pinned.code !== 0) throw new Error(`pin --add: ${pinned.stdout}${pinned.stderr}`);
  git(repo, 'add', '-A', '--', '.', ':!vendor/lib');
  git(repo, 'commit', '-q', '-m', 'first');
  return { around, repo, tests };
}

/** The files an edit may touch, by the path the gate reads them under and, for tests, the real one too. */
function editable(repo: string, tests: string): string[] {
  return [
    'src/a.ts',
    'src/c.ts',
    'test/a.test.ts',
    'test/c.test.ts',
    `${tests}/a.test.ts`,
    `${tests}/c.test.ts`,
  ].map((p) => join(repo, p));
}

function apply(repo: string, tests: string, shape: Shape, edit: Edit, n: number): void {
  const files = editable(repo, tests);
  const specOf = (doc: string) =>
    doc === 'ext' ? join(repo, '../shared/ext.md') : join(repo, 'specs/doc.md');
  const usable = (i: number) => FACTS[i]!.doc === 'doc' || shape.outside;
  switch (edit.kind) {
    case 'cite': {
      const file = files[edit.file % files.length]!;
      writeFileSync(file, `// @${edit.verb} ${REFS[edit.ref]}\n${readFileSync(file, 'utf8')}`);
      return;
    }
    case 'uncite': {
      const file = files[edit.file % files.length]!;
      const lines = readFileSync(file, 'utf8').split('\n');
      const cites = lines.map((l, i) => (l.startsWith('// @') ? i : -1)).filter((i) => i >= 0);
      if (cites.length === 0) return;
      lines.splice(cites[edit.line % cites.length]!, 1);
      writeFileSync(file, lines.join('\n'));
      return;
    }
    case 'reword': {
      if (!usable(edit.fact)) return;
      const { doc, id } = FACTS[edit.fact]!;
      const path = specOf(doc);
      writeFileSync(
        path,
        readFileSync(path, 'utf8').replace(`@fact:${id} `, `@fact:${id} Now reworded ${n}: `),
      );
      return;
    }
    case 'status': {
      if (!usable(edit.fact)) return;
      const { doc, id } = FACTS[edit.fact]!;
      const path = specOf(doc);
      const text = readFileSync(path, 'utf8');
      writeFileSync(
        path,
        text.replace(new RegExp(`(@fact:${id} [^\\n]*@status:)\\S+`), `$1${STATUSES[edit.status]}`),
      );
      return;
    }
    case 'new test':
      writeFiles(repo, {
        [`${tests}/new${n}.test.ts`]: `// @verifies ${REFS[edit.ref]}\nit('n${n}', () => {});\n`,
      });
      return;
    case 'nested':
      if (shape.nested)
        writeFiles(repo, {
          [`vendor/lib/n${n}.ts`]: `// @implements ${REFS[edit.ref]}\nexport const n = ${n};\n`,
        });
      return;
  }
}

/** Stages none, all, or some of what changed (the pick list chooses). */
function stage(repo: string, how: Scenario['stage'], picks: readonly boolean[]): void {
  if (how === 'none') return;
  if (how === 'all') {
    git(repo, 'add', '-A', '--', '.', ':!vendor/lib');
    return;
  }
  const changed = git(repo, 'status', '--porcelain', '-uall')
    .split('\n')
    .filter((l) => l.length > 3)
    .map((l) => l.slice(3))
    .filter((p) => !p.startsWith('vendor/lib'));
  changed.forEach((path, i) => {
    if (picks[i % picks.length]) git(repo, 'add', '--', path);
  });
}

/** The full gate on a fresh checkout of `commit`, beside the repository (so `../shared` is the same folder). */
function fullGateOn(around: string, repo: string, commit: string, name: string) {
  const dir = join(around, name);
  git(repo, 'worktree', 'add', '--detach', '--quiet', dir, commit);
  try {
    return judge(dir, []);
  } finally {
    git(repo, 'worktree', 'remove', '--force', dir);
  }
}

/** A finding as `--base` and the baseline match it: rule, file, fact and message with line numbers aside (outcomes: rule, file, fact). */
function identity(f: Finding): string {
  if (['verification-failed', 'verification-skipped', 'verification-unconfirmed'].includes(f.rule))
    return JSON.stringify([f.rule, f.file, f.fact ?? null]);
  const message = f.message.replace(/:\d+(?::\d+)?/g, ':_').replace(/\blines? \d+(?: and \d+)?/g, 'line _');
  return JSON.stringify([f.rule, f.file, f.fact ?? null, message]);
}

/** The errors of `now` not matched one for one by a finding of `before`. */
function newErrors(now: readonly Finding[], before: readonly Finding[]): Finding[] {
  const left = new Map<string, number>();
  for (const f of before) if (f.severity !== 'info') left.set(identity(f), (left.get(identity(f)) ?? 0) + 1);
  const out: Finding[] = [];
  for (const f of now) {
    if (f.severity === 'info') continue;
    const n = left.get(identity(f)) ?? 0;
    if (n > 0) left.set(identity(f), n - 1);
    else if (f.severity === 'error') out.push(f);
  }
  return out;
}

const brief = (fs: readonly Finding[]) =>
  fs.map((f) => `${f.file}:${f.line} ${f.rule} ${f.fact ?? '-'}`).sort();

interface Tally {
  cases: number;
  comparisons: number;
  greener: string[];
  /** Errors a partial run must judge that it did not report (its exit code may still be right). */
  missed: string[];
  stagedDiffers: string[];
  redder: string[];
  /** Cases whose full gate failed (the partial runs then had something to catch). */
  red: number;
  /** Cases with an error `--changed` must judge. */
  mustJudge: number;
}

async function oneCase(s: Scenario, n: number, tally: Tally): Promise<void> {
  const { around, repo, tests } = build(s.shape);
  // --watch: started before the edits; after them its last verdict must not stay OK where the full gate fails.
  const watch = startWatch(repo);
  let mark = 0;
  try {
    // The watcher is set up after the first report, and says so.
    if ((await watch.verdictAfter(0, 120_000)) !== 'OK')
      throw new Error(`the project does not start green under check --watch:\n${watch.out()}`);
    for (let waited = 0; !/^watching /m.test(watch.out()); waited += 20) {
      if (waited > 120_000) throw new Error(`check --watch never started watching:\n${watch.out()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    mark = watch.out().length;
    for (const [i, edit] of s.edits.entries()) apply(repo, tests, s.shape, edit, i);
  } catch (error) {
    watch.child.kill('SIGKILL');
    throw error;
  }
  stage(repo, s.stage, s.picks);
  const label = `case ${n} ${JSON.stringify(s)}`;
  const full = judge(repo, []);
  if (full.code !== 0) tally.red++;
  try {
    // The initial run was OK (the project starts green); a failing full gate means some edit the
    // watch reads changed the verdict, so a run follows. Waited for generously, never timed.
    tally.comparisons++;
    if (full.code !== 0) {
      let last: string | undefined;
      for (let waited = 0; waited < 60_000 && last !== 'FAIL'; waited += 100) {
        last = [
          ...watch
            .out()
            .slice(mark)
            .matchAll(/^(OK|FAIL) /gm),
        ].at(-1)?.[1];
        if (last !== 'FAIL') await new Promise((r) => setTimeout(r, 100));
      }
      if (last !== 'FAIL') tally.greener.push(`--watch ${label}: ${last ?? 'no re-run'}`);
    }
  } finally {
    watch.child.kill('SIGKILL');
  }
  // The index as the next commit, and HEAD, each checked out beside the repository.
  const indexCommit = git(
    repo,
    'commit-tree',
    git(repo, 'write-tree').trim(),
    '-p',
    'HEAD',
    '-m',
    'index',
  ).trim();
  const onIndex = fullGateOn(around, repo, indexCommit, 'oracle-index');
  const onHead = fullGateOn(around, repo, 'HEAD', 'oracle-head');

  // --staged: the whole gate on the index.
  const staged = judge(repo, ['--staged']);
  tally.comparisons++;
  if (staged.code === 0 && onIndex.code !== 0) tally.greener.push(`--staged ${label}`);
  if (
    staged.code !== onIndex.code ||
    brief(staged.findings).join('\n') !== brief(onIndex.findings).join('\n')
  )
    tally.stagedDiffers.push(
      `${label}\n  staged ${staged.code}: ${brief(staged.findings).join(', ')}\n  index ${onIndex.code}: ${brief(onIndex.findings).join(', ')}`,
    );

  // --changed HEAD: every judged-rule error in a changed file or new since HEAD makes it red.
  const changedPaths = new Set(
    git(repo, 'status', '--porcelain', '-uall')
      .split('\n')
      .filter((l) => l.length > 3)
      .map((l) => l.slice(3)),
  );
  const fresh = new Set(newErrors(full.findings, onHead.findings));
  const mustJudge = full.findings.filter(
    (f) =>
      f.severity === 'error' &&
      partialScope(f.rule as RuleId) !== 'whole-tree' &&
      (changedPaths.has(f.file) || fresh.has(f)),
  );
  if (mustJudge.length > 0) tally.mustJudge++;
  const changed = judge(repo, ['--changed', 'HEAD']);
  tally.comparisons++;
  if (changed.code === 0 && mustJudge.length > 0)
    tally.greener.push(`--changed ${label}\n  unjudged: ${brief(mustJudge).join(', ')}`);
  // Finer: each such error is reported by the partial run itself, as the full gate reports it.
  const reported = new Set(brief(changed.findings));
  const missed = brief(mustJudge).filter((f) => !reported.has(f));
  if (missed.length > 0) tally.missed.push(`--changed ${label}\n  missed: ${missed.join(', ')}`);

  // --base HEAD: red exactly when an error is new since HEAD.
  const base = judge(repo, ['--base', 'HEAD']);
  tally.comparisons++;
  const isNew = newErrors(full.findings, onHead.findings);
  if (base.code === 0 && isNew.length > 0)
    tally.greener.push(`--base ${label}\n  new: ${brief(isNew).join(', ')}`);
  const added = new Set(base.findings.map(identity));
  const unseen = isNew.filter((f) => !added.has(identity(f)));
  if (unseen.length > 0) tally.missed.push(`--base ${label}\n  missed: ${brief(unseen).join(', ')}`);
  if (base.code !== 0 && isNew.length === 0)
    tally.redder.push(`--base ${label}: ${brief(base.findings).join(', ')}`);
  rmSync(join(around, 'oracle-index'), { recursive: true, force: true });
  rmSync(join(around, 'oracle-head'), { recursive: true, force: true });
}

describe('partial runs against the full gate, over random edits', () => {
  // @verifies engine#PARTIAL-NEVER-GREENER
  // @verifies engine#CHANGED-NEVER-GREENER
  // @verifies engine#COPIES-READ-OUTSIDE-FILES
  it('--staged, --changed, --base and --watch are never greener than check on what they judge', async () => {
    const tally: Tally = {
      cases: 0,
      comparisons: 0,
      greener: [],
      missed: [],
      stagedDiffers: [],
      redder: [],
      red: 0,
      mustJudge: 0,
    };
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        tally.cases++;
        await oneCase(s, tally.cases, tally);
        return true;
      }),
      { numRuns: CASES, seed: SEED, endOnFailure: true },
    );
    console.log(
      `partial runs (seed ${SEED}): ${tally.cases} cases (${tally.red} with the full gate red, ${tally.mustJudge} with an error --changed must judge), ${runs} CLI runs, ${tally.comparisons} comparisons, ` +
        `${tally.greener.length} greener, ${tally.missed.length} with a judged error not reported, ${tally.stagedDiffers.length} --staged differing from the index's full gate, ` +
        `${tally.redder.length} --base redder than the new errors`,
    );
    for (const r of tally.redder) console.log(`  redder: ${r}`);
    expect(tally.greener).toEqual([]);
    expect(tally.missed).toEqual([]);
    expect(tally.stagedDiffers).toEqual([]);
  }, 900_000);
});
