/**
 * bench/adversarial: issue 22's adversarial cases (bench/adversarial-cases.ts),
 * each a temp project run through the real CLI in a child process. Prints per
 * category how many cases say OK where they should not (false green), how
 * many controls fail where they should pass (false red), and how many died
 * (a signal, an exit code outside 0–2, or over the time limit).
 *   node --import tsx bench/adversarial.ts [--cli PATH/bin/factline.js] [--only CATEGORY]
 * With --cli pointing at another checkout's bin, the same cases judge that
 * checkout (e.g. main before a change).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { allCases, type Case, CLI, ROOT, removeTree, write } from '../support/adversarial-cases.ts';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
};
const cli = resolve(option('--cli') ?? CLI.path);
// Setups that read digests (`facts --json`) ask the CLI under judgement, as its user would.
CLI.path = cli;
const only = option('--only');
const LIMIT_MS = 60_000;

interface Tally {
  cases: number;
  red: number;
  falseGreen: number;
  green: number;
  falseRed: number;
  died: number;
}

function run(c: Case): { verdict: 'ok' | 'false green' | 'false red' | 'died'; detail: string } {
  const dir = mkdtempSync(join(tmpdir(), 'factline-adversarial-'));
  try {
    for (const [path, text] of Object.entries(c.files))
      write(dir, path, typeof text === 'string' ? text.replaceAll(ROOT, dir) : text);
    try {
      c.setup?.(dir);
    } catch (error) {
      return { verdict: 'died', detail: `setup failed: ${(error as Error).message.split('\n')[0]}` };
    }
    const cwd = c.cwd === undefined ? dir : join(dir, c.cwd);
    const before = new Map((c.keep ?? []).map((f) => [f, readFileSync(join(cwd, f))]));
    const r = spawnSync(process.execPath, [cli, ...c.argv], {
      cwd,
      encoding: 'utf8',
      timeout: LIMIT_MS,
      env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' },
      maxBuffer: 1 << 28,
    });
    const kept = [...before].every(([f, bytes]) => {
      try {
        return readFileSync(join(cwd, f)).equals(bytes);
      } catch {
        return false;
      }
    });
    const said = `exit ${r.status ?? r.signal}${kept ? '' : ', an input was overwritten'}: ${(r.stderr || r.stdout).trim().split('\n').at(-1)?.slice(0, 160) ?? ''}`;
    if (r.status === null || r.status > 2) return { verdict: 'died', detail: said };
    if (c.expect === 'red' && (r.status === 0 || !kept)) return { verdict: 'false green', detail: said };
    if (c.expect === 'green' && (r.status !== 0 || !kept)) return { verdict: 'false red', detail: said };
    return { verdict: 'ok', detail: said };
  } finally {
    removeTree(dir);
  }
}

const cases = allCases().filter((c) => only === undefined || c.category === only);
const table = new Map<string, Tally>();
const notes: string[] = [];
const started = performance.now();
for (const c of cases) {
  const row = table.get(c.category) ?? { cases: 0, red: 0, falseGreen: 0, green: 0, falseRed: 0, died: 0 };
  table.set(c.category, row);
  row.cases++;
  if (c.expect === 'red') row.red++;
  else row.green++;
  const { verdict, detail } = run(c);
  if (verdict === 'false green') row.falseGreen++;
  if (verdict === 'false red') row.falseRed++;
  if (verdict === 'died') row.died++;
  if (verdict !== 'ok') notes.push(`${verdict.padEnd(11)} ${c.category} / ${c.name} (${detail})`);
}
const pad = (v: string | number, n: number) => String(v).padStart(n);
console.log(`cli: ${cli}`);
console.log('category     cases  must-fail  false-green  controls  false-red  died');
const total: Tally = { cases: 0, red: 0, falseGreen: 0, green: 0, falseRed: 0, died: 0 };
for (const [category, row] of table) {
  for (const k of Object.keys(total) as (keyof Tally)[]) total[k] += row[k];
  console.log(
    `${category.padEnd(12)} ${pad(row.cases, 5)}  ${pad(row.red, 9)}  ${pad(row.falseGreen, 11)}  ${pad(row.green, 8)}  ${pad(row.falseRed, 9)}  ${pad(row.died, 4)}`,
  );
}
console.log(
  `${'total'.padEnd(12)} ${pad(total.cases, 5)}  ${pad(total.red, 9)}  ${pad(total.falseGreen, 11)}  ${pad(total.green, 8)}  ${pad(total.falseRed, 9)}  ${pad(total.died, 4)}`,
);
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
for (const n of notes) console.log(`  ${n}`);
