/**
 * Facts moved into another document keep their old addresses working through
 * the new document's `@aliases:` line: the old citation resolves and counts
 * with a note, and `factline pin --moved` rewrites it. Driven through the
 * real executable on a project laid out first the old way, then the new.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../checks/model.ts';
import { runFactlineSync } from '../support/cli.ts';
import { tempProject, writeFiles } from '../support/temp.ts';

const CONFIG = '{"specs": ["specs/**/*.md"], "sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}';
const JOIN = '@fact:JOIN-EXACT A citation joins only the results of its own file. @status:impl/done';
const NAMES = '@fact:NAMESPACES-EXACT A foreign namespace never resolves. @status:impl/done';
const TWICE = (where: string) => `@fact:TWICE Said in ${where}, not due yet. @status:spec/work`;

/** The old layout: one document per issue, `green`. */
const OLD_SPECS = {
  'specs/green.md': `# green {#root}\n\n@status:impl/done\n\n## Results {#results}\n\n${JOIN}\n\n## Addresses {#addresses}\n\n${NAMES}\n`,
};

/** The new layout: the same facts, word for word, in two component documents that both take in `green`. */
const NEW_SPECS = {
  'specs/results.md': `# results {#root}\n\n@status:impl/done\n\n@aliases:green\n\n## The join {#join}\n\n${JOIN}\n\n${TWICE('results')}\n`,
  'specs/trace.md': `# trace {#root}\n\n@status:impl/done\n\n@aliases: green, old-trace.md\n\n## Addresses {#addresses}\n\n${NAMES}\n\n${TWICE('trace')}\n`,
};

function check(dir: string): { code: number; result: TraceResult } {
  const r = runFactlineSync(dir, ['check', '--json', '--no-cache']);
  expect(r.code, r.stderr).not.toBe(2);
  return { code: r.code, result: JSON.parse(r.stdout) as TraceResult };
}

const digestsOf = (result: TraceResult) =>
  Object.fromEntries(result.facts.filter((f) => f.id !== 'TWICE').map((f) => [f.id, f.digest]));
const statesOf = (result: TraceResult) =>
  Object.fromEntries(result.facts.filter((f) => f.id !== 'TWICE').map((f) => [f.id, f.state]));

describe('facts moved to another document', () => {
  // @verifies trace#MOVED-FACT-RESOLVES
  // @verifies trace#PIN-MOVED
  // @verifies reader#ALIASES-LINE
  it('old addresses resolve and count with a note; pin --moved rewrites them, pins kept', () => {
    const dir = tempProject({ 'factline.config.json': CONFIG, ...OLD_SPECS });
    const pin = check(dir)
      .result.facts.find((f) => f.id === 'JOIN-EXACT')!
      .digest.slice(0, 8);
    writeFiles(dir, {
      'src/join.ts': `// @implements green#JOIN-EXACT~${pin}\nexport const join = 1;\n// @implements green#NAMESPACES-EXACT\nexport const names = 2;\n`,
      'test/join.test.ts': `// @verifies green#JOIN-EXACT~${pin}\n// @verifies green#NAMESPACES-EXACT\nit('joins', () => {});\n`,
    });
    const old = check(dir);
    expect(old.code).toBe(0);
    expect(old.result.findings).toEqual([]);

    // Move: green.md goes, its facts live on, word for word, in results.md and trace.md.
    rmSync(join(dir, 'specs/green.md'));
    writeFiles(dir, NEW_SPECS);
    const moved = check(dir);
    expect(moved.code).toBe(0);
    expect(digestsOf(moved.result)).toEqual(digestsOf(old.result));
    expect(statesOf(moved.result)).toEqual(statesOf(old.result));
    expect(moved.result.findings.map((f) => `${f.file}:${f.line} ${f.rule} ${f.severity} ${f.fact}`)).toEqual(
      [
        'src/join.ts:1 moved-fact info results#JOIN-EXACT',
        'src/join.ts:3 moved-fact info trace#NAMESPACES-EXACT',
        'test/join.test.ts:1 moved-fact info results#JOIN-EXACT',
        'test/join.test.ts:2 moved-fact info trace#NAMESPACES-EXACT',
      ],
    );
    expect(moved.result.findings[0]!.message).toContain('`green#JOIN-EXACT` moved to `results#JOIN-EXACT`');
    expect(moved.result.findings[0]!.fix).toContain('factline pin --moved');
    expect(moved.result.citations.every((c) => c.counted)).toBe(true);

    const rewritten = runFactlineSync(dir, ['pin', '--moved']);
    expect(rewritten.code, rewritten.stderr).toBe(0);
    expect(rewritten.stdout).toBe(
      [
        `src/join.ts:1:4: green#JOIN-EXACT~${pin} -> results#JOIN-EXACT`,
        'src/join.ts:3:4: green#NAMESPACES-EXACT -> trace#NAMESPACES-EXACT',
        `test/join.test.ts:1:4: green#JOIN-EXACT~${pin} -> results#JOIN-EXACT`,
        'test/join.test.ts:2:4: green#NAMESPACES-EXACT -> trace#NAMESPACES-EXACT',
        'rewrote 4 moved address(es)',
        '',
      ].join('\n'),
    );
    expect(readFileSync(join(dir, 'src/join.ts'), 'utf8')).toBe(
      `// @implements results#JOIN-EXACT~${pin}\nexport const join = 1;\n// @implements trace#NAMESPACES-EXACT\nexport const names = 2;\n`,
    );
    const after = check(dir);
    expect(after.code).toBe(0);
    expect(after.result.findings).toEqual([]);
    expect(statesOf(after.result)).toEqual(statesOf(old.result));
    expect(runFactlineSync(dir, ['pin', '--moved']).stdout).toBe('no moved address\n');
  });

  // @verifies trace#MOVED-FACT-RESOLVES
  it('an id two absorbing documents hold is ambiguous, and an old heading address never moves', () => {
    const dir = tempProject({
      'factline.config.json': CONFIG,
      ...NEW_SPECS,
      'src/a.ts':
        '// @implements green#TWICE\n// @implements green#join\n// @implements old-trace#NAMESPACES-EXACT\n',
    });
    const { result } = check(dir);
    const inCode = result.findings.filter((f) => f.file === 'src/a.ts');
    expect(inCode.map((f) => `${f.line} ${f.rule}`)).toEqual([
      '1 ambiguous-fact',
      '2 unknown-fact',
      '3 moved-fact',
    ]);
    expect(inCode[0]!.fix).toBe('name the document: `results#TWICE` or `trace#TWICE`');
    const untouched = readFileSync(join(dir, 'src/a.ts'), 'utf8');
    expect(runFactlineSync(dir, ['pin', '--moved']).stdout).toBe(
      'src/a.ts:3:4: old-trace#NAMESPACES-EXACT -> trace#NAMESPACES-EXACT\nrewrote 1 moved address(es)\n',
    );
    expect(readFileSync(join(dir, 'src/a.ts'), 'utf8')).toBe(
      untouched.replace('old-trace#NAMESPACES-EXACT', 'trace#NAMESPACES-EXACT'),
    );
  });

  // @verifies reader#ALIASES-LINE
  it('an alias line outside the preamble, a second one or a malformed one is an error at its place', () => {
    const dir = tempProject({
      'factline.config.json': CONFIG,
      'specs/a.md':
        '# a {#root}\n\n@aliases:old\n\n@aliases:older\n\n## S {#s}\n\n@aliases:x\n\n@fact:A-ONE One.\n',
      'specs/b.md': '# b {#root}\n\n@aliases: old;other\n',
    });
    const lint = runFactlineSync(dir, ['lint', '--json']);
    const { diagnostics } = JSON.parse(lint.stdout) as {
      diagnostics: { file: string; line: number; code: string; message: string }[];
    };
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      'specs/a.md:5 stranded-marker',
      'specs/a.md:9 stranded-marker',
      'specs/b.md:3 stranded-marker',
    ]);
    expect(diagnostics[0]!.message).toContain('a second `@aliases:` line');
    expect(diagnostics[2]!.message).toContain('`@aliases:DOC[,DOC…]`');
    expect(lint.code).toBe(1);
  });
});
