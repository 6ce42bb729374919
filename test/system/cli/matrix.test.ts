/**
 * `factline matrix` and `--results` on every command that shows a verdict,
 * through the real CLI on a temp git repository (the one-pass, one-fail,
 * one-skip fixture).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../engine/config/load.ts';
import { factlineTools } from '../../../engine/mcp/tools.ts';

import { FIXTURES, runFactline, runInProcess } from '../../support/cli.ts';
import { commitAll, git } from '../../support/git-project.ts';
import { tempCopy } from '../../support/temp.ts';

function outcomesProject(): string {
  const root = tempCopy(join(FIXTURES, 'test-outcomes'), 'matrix');
  git(root, 'init', '-q', '-b', 'main');
  commitAll(root, 'first');
  return root;
}

/** RFC 4180 rows of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

describe('factline matrix', () => {
  // @verifies cli#MATRIX-EVERY-FACT
  // @verifies results#RESULTS-ON-EVERY-VERDICT
  it('--format csv lists every fact with its evidence and the outcome of each verifying test', async () => {
    const root = outcomesProject();
    const r = await runFactline(['matrix', '--format', 'csv', '--results', 'results/vitest.json'], root);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [header, ...rows] = parseCsv(r.stdout);
    expect(header).toEqual([
      'fact',
      'status',
      'needs',
      'state',
      'implemented by',
      'verified by',
      'test outcomes',
    ]);
    const facts = JSON.parse((await runInProcess(root, ['facts', '--json'])).stdout).facts as {
      address: string;
    }[];
    expect(rows.map((row) => row[0])).toEqual(facts.map((f) => f.address));
    const byFact = new Map(rows.map((row) => [row[0], row]));
    expect(byFact.get('demo#CUT-AT-80')).toEqual([
      'demo#CUT-AT-80',
      'impl/done',
      'implementation, verification',
      'verified',
      expect.stringMatching(/^src\/text\.ts:\d+ /),
      expect.stringMatching(/^test\/text\.test\.ts:\d+ text tools > lines > cuts at 80$/),
      'passed',
    ]);
    expect(byFact.get('demo#TRIM-BLANKS')?.slice(3)).toEqual([
      'test failed',
      expect.stringMatching(/^src\/text\.ts:\d+/),
      expect.stringMatching(/trims blanks \(not counted: verification-failed\)$/),
      'failed',
    ]);
    expect(byFact.get('demo#WRAP-WORDS')?.[6]).toBe('skipped');
  });

  // @verifies cli#MATRIX-EVERY-FACT
  it('md and json say the same; without results the outcomes are "not checked"; a wrong format is exit 2', async () => {
    const root = outcomesProject();
    const md = await runInProcess(root, ['matrix']);
    expect(md.code).toBe(0);
    expect(md.stdout.split('\n')[0]).toBe(
      '| fact | status | needs | state | implemented by | verified by | test outcomes |',
    );
    expect(md.stdout).toContain('| not checked |');
    const json = JSON.parse((await runInProcess(root, ['matrix', '--format', 'json'])).stdout);
    expect(json.facts).toHaveLength(3);
    expect(json.facts[0].verifications[0]).toMatchObject({ file: 'test/text.test.ts', counted: true });
    const bad = await runInProcess(root, ['matrix', '--format', 'cvs']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('did you mean `csv`?');
    const out = await runInProcess(root, ['matrix', '--format', 'csv', '--out', 'matrix.csv']);
    expect(out.stdout.trim()).toBe(join(root, 'matrix.csv'));
    expect(readFileSync(join(root, 'matrix.csv'), 'utf8')).toContain('demo#WRAP-WORDS');
  });
});

describe('--results wherever a verdict is shown', () => {
  // @verifies results#RESULTS-ON-EVERY-VERDICT
  it('report and baseline take --results, relative to where the command runs', async () => {
    const root = outcomesProject();
    const report = await runInProcess(join(root, 'src'), [
      'report',
      '--quiet',
      '--results',
      '../results/vitest.json',
      '--out',
      '../page.html',
    ]);
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    const baseline = await runInProcess(root, [
      'baseline',
      '--results',
      'results/junit.xml',
      '--out',
      'b.json',
    ]);
    expect(baseline.code).toBe(0);
    const recorded = JSON.parse(readFileSync(join(root, 'b.json'), 'utf8')).findings.map(
      (f: { rule: string }) => f.rule,
    );
    expect(recorded).toEqual(['verification-failed', 'verification-skipped']);
  });

  // @verifies results#RESULTS-ON-EVERY-VERDICT
  it('the MCP tools trace_check and fact_explain take a results argument', async () => {
    const root = outcomesProject();
    const tools = factlineTools({ cwd: root, env: {}, stderr: { write: () => true } }, loadConfig(root));
    // Without results only the it.skip test (read from the source) stops its fact; with them the failed one too.
    const plain = await tools.get('trace_check')!.run({}, {} as never);
    expect(JSON.stringify(plain)).toContain('verification-skipped');
    expect(JSON.stringify(plain)).not.toContain('verification-failed');
    const judged = await tools.get('trace_check')!.run({ results: ['results/vitest.json'] }, {} as never);
    expect(judged.isError).toBe(true);
    const text = JSON.stringify(judged);
    expect(text).toContain('verification-failed');
    const explained = await tools
      .get('fact_explain')!
      .run({ ref: 'demo#TRIM-BLANKS', results: ['results/vitest.json'] }, {} as never);
    expect(JSON.stringify(explained)).toContain('failed');
    const wrong = await tools.get('trace_check')!.run({ results: 'results/vitest.json' }, {} as never);
    expect(JSON.stringify(wrong)).toContain('`results` must be an array');
  });
});
