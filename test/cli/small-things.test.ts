/** The smaller frictions of every day: help, colour, JSON from lint and explain, did-you-mean, quiet summaries. */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.ts';
import { gitProject } from '../support/git-project.ts';

const SPEC = `# doc

@fact:UNIT-UNKNOWN-REJECTED An unknown unit is rejected. @status:impl/done

@fact:UNIT-KNOWN-ACCEPTED A known unit is accepted. @status:impl/done
`;

function project(extra: Record<string, string> = {}): string {
  return gitProject({
    'factline.config.json': '{"sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}\n',
    'specs/doc.md': SPEC,
    'src/a.ts':
      '// @implements doc#UNIT-UNKNOWN-REJECTED\n// @implements doc#UNIT-KNOWN-ACCEPTED\nexport const a = 1;\n',
    'test/a.test.ts': "// @verifies doc#UNIT-UNKNOWN-REJECTED~00000000\nit('a', () => {});\n",
    ...extra,
  });
}

describe('help', () => {
  // @verifies cli#HELP-COMMAND
  it('`help check` prints check’s help; an unknown command is exit 2 with a did-you-mean', async () => {
    const root = project();
    const help = await runInProcess(root, ['help', 'check']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await runInProcess(root, ['check', '--help'])).stdout);
    expect(help.stdout.startsWith('usage: factline check')).toBe(true);
    const wrong = await runInProcess(root, ['help', 'chek']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('did you mean `check`?');
  });
});

describe('colour', () => {
  // @verifies cli#FORCE-COLOR
  it('FORCE_COLOR turns colour on through a pipe, 0 or false leaves it off, NO_COLOR wins', async () => {
    const root = project();
    const ESC = '\u001b[';
    expect((await runInProcess(root, ['check'])).stdout).not.toContain(ESC);
    expect((await runInProcess(root, ['check'], { env: { FORCE_COLOR: '1' } })).stdout).toContain(ESC);
    expect((await runInProcess(root, ['check'], { env: { FORCE_COLOR: '0' } })).stdout).not.toContain(ESC);
    expect((await runInProcess(root, ['check'], { env: { FORCE_COLOR: 'false' } })).stdout).not.toContain(
      ESC,
    );
    const both = await runInProcess(root, ['check'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(both.stdout).not.toContain(ESC);
  });
});

describe('JSON from lint and explain', () => {
  // @verifies cli#LINT-EXPLAIN-JSON
  it('lint --json lists each diagnostic with its place, code and fix, and the counts', async () => {
    const root = project({ 'specs/bad.md': '# bad\n\n@fact:BAD It is bad. @status:impl/dnoe\n' });
    const r = await runInProcess(root, ['lint', '--json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.summary).toEqual({ specs: 2, facts: 3, errors: 1, warnings: 0 });
    expect(json.diagnostics).toEqual([
      expect.objectContaining({ file: 'specs/bad.md', line: 3, severity: 'error', code: 'unknown-state' }),
    ]);
    expect(json.diagnostics[0].fix).toContain('done');
    expect((await runInProcess(root, ['lint', '--json'])).stdout).toBe(r.stdout);
  });

  // @verifies cli#LINT-EXPLAIN-JSON
  it('explain --json gives the fact, its digest and pin, its state and every citation', async () => {
    const root = project();
    const r = await runInProcess(root, ['explain', '--json', 'doc#UNIT-UNKNOWN-REJECTED']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({
      address: 'doc#UNIT-UNKNOWN-REJECTED',
      file: 'specs/doc.md',
      line: 3,
      status: { stage: 'impl', state: 'done' },
      needs: ['implementation', 'verification'],
      state: 'missing-verification',
    });
    expect(json.pin).toBe(json.digest.slice(0, 8));
    expect(json.citations).toEqual([
      expect.objectContaining({ verb: 'implements', file: 'src/a.ts', line: 1, counted: true }),
      expect.objectContaining({
        verb: 'verifies',
        file: 'test/a.test.ts',
        pin: '00000000',
        counted: false,
        problem: 'stale-citation',
      }),
    ]);
  });
});

describe('did-you-mean', () => {
  // @verifies trace#SWAPPED-SEPARATOR
  it('an id with a swapped separator gets the right id first', async () => {
    const root = project({
      'src/b.ts':
        '// @implements doc#UNIT_UNKNOWN-REJECTED\n// @implements UNIT_UNKNOWN_REJECTED\nexport const b = 1;\n',
    });
    const r = await runInProcess(root, ['check']);
    expect(r.stdout).toContain('fix: did you mean `doc#UNIT-UNKNOWN-REJECTED`');
    expect(r.stdout).toContain('fix: did you mean `UNIT-UNKNOWN-REJECTED`');
  });
});

describe('many specs', () => {
  const many = () => {
    const files: Record<string, string> = {};
    let cites = '';
    for (let i = 0; i < 25; i++) {
      files[`specs/part-${String(i).padStart(2, '0')}.md`] =
        `# part ${i}\n\n@fact:PART-${i} Part ${i} holds. @status:impl/done\n`;
      cites += `// @implements part-${String(i).padStart(2, '0')}#PART-${i}\n`;
    }
    files['src/parts.ts'] = `${cites}export const parts = 1;\n`;
    files['test/parts.test.ts'] = `${cites.replaceAll('@implements', '@verifies')}it('parts', () => {});\n`;
    return project(files);
  };

  // @verifies cli#QUIET-SUMMARY
  it('folds the specs without a gap past 20, lists them with --verbose, and --quiet prints no spec line', async () => {
    const root = many();
    const plain = await runInProcess(root, ['check']);
    expect(plain.stdout).toContain('25 more spec(s) with no gap (--verbose lists each)');
    expect(plain.stdout).toContain('doc (specs/doc.md): 2 facts');
    expect(plain.stdout).toContain('missing-verification   doc#UNIT-UNKNOWN-REJECTED');
    expect(plain.stdout).not.toContain('part-00 (specs/part-00.md)');
    const verbose = await runInProcess(root, ['check', '--verbose']);
    expect(verbose.stdout).toContain('part-00 (specs/part-00.md): 1 facts');
    expect(verbose.stdout).not.toContain('more spec(s)');
    const quiet = await runInProcess(root, ['check', '--quiet']);
    expect(quiet.stdout).not.toContain('(specs/');
    expect(quiet.stdout).toContain('missing-verification   doc#UNIT-UNKNOWN-REJECTED');
    expect(quiet.stdout).toMatch(/\nFAIL 27 facts/);
    expect(quiet.code).toBe(plain.code);
  });
});
