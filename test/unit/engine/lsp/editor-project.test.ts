/**
 * The editor server's project in this process, on projects on disk: one
 * full scan through the gate's own path, then only what it is told of.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EditorProject } from '../../../../engine/lsp/editor-project.ts';
import { codeActions } from '../../../../engine/lsp/quick-fixes.ts';
import { WorkspaceView } from '../../../../engine/lsp/workspace-view.ts';
import { Project } from '../../../../engine/project.ts';
import { withHeader } from '../../../../generator/render/header.ts';
import { cacheDirOf } from '../../../support/cli.ts';
import { demoProject, GREET_SOURCE, pinOf, SPEC } from '../../../support/lsp-project.ts';

const io = (root: string) => ({ cwd: root, env: {}, stderr: { write: () => true } });

/** The demo project with `n` more source files, each citing GREETS. */
function biggerProject(n: number): string {
  const extra: Record<string, string> = {};
  for (let i = 0; i < n; i++)
    extra[`src/more/m${i}.ts`] = `// @implements demo#GREETS\nexport const m${i} = ${i};\n`;
  return demoProject({ extra });
}

const citing = (project: EditorProject, address: string) =>
  project.scans.citationsOf(address).map((c) => c.file);

describe('the editor project', () => {
  // @verifies lsp#ONE-SCAN-THEN-BUFFERS
  it('scans every gate file once at load, through the scan cache `factline check` reads', async () => {
    const root = biggerProject(20);
    const project = await EditorProject.load(io(root));
    const expected = [
      ...Array.from({ length: 20 }, (_, i) => `src/more/m${i}.ts`),
      'src/greet.ts',
      'src/wave.ts',
      'test/greet.test.ts',
      'test/wave.test.ts',
    ];
    expect([...project.scans.files()].sort()).toEqual(expected.sort());
    expect(project.rescanned).toBe(0);
    expect(citing(project, 'demo#GREETS')).toHaveLength(22);
    expect(existsSync(join(root, '.factline-cache'))).toBe(false);
    expect(readdirSync(cacheDirOf(root)!).filter((f) => f.startsWith('scan-'))).toHaveLength(1);
  });

  // @verifies lsp#EDIT-RESCANS-ONE-BUFFER
  it('an edited buffer is scanned alone; a file changed on disk only once the client reports it', async () => {
    const root = biggerProject(20);
    const project = await EditorProject.load(io(root));
    writeFileSync(join(root, 'src/more/m3.ts'), '// @implements demo#SHOUTS\n');
    await project.setBuffer('src/greet.ts', '// @implements demo#WAVES\n');
    expect(project.rescanned).toBe(1);
    expect(citing(project, 'demo#WAVES')).toContain('src/greet.ts');
    // Not told of the disk change: the project still holds what it scanned.
    expect(citing(project, 'demo#SHOUTS')).toEqual([]);
    expect(citing(project, 'demo#GREETS')).toContain('src/more/m3.ts');
    expect(await project.diskChanged('src/more/m3.ts')).toBe('taken');
    expect(project.rescanned).toBe(2);
    expect(citing(project, 'demo#SHOUTS')).toEqual(['src/more/m3.ts']);
    expect(citing(project, 'demo#GREETS')).not.toContain('src/more/m3.ts');
    // An open buffer wins over the disk; a new spec or the config loads the project again.
    expect(await project.diskChanged('src/greet.ts')).toBe('ignored');
    writeFileSync(join(root, 'specs/other.md'), '# Other\n\n@fact:OTHER Another fact.\n');
    expect(await project.diskChanged('specs/other.md')).toBe('reload');
    expect(await project.diskChanged('factline.config.json')).toBe('reload');
  });

  // @verifies lsp#OPEN-BUFFERS-WIN
  it('an unsaved spec buffer stands in for its file: a reworded fact makes its pinned citations stale until closed', async () => {
    const root = demoProject();
    const project = await EditorProject.load(io(root));
    const problems = () =>
      project.judge(['demo#WAVES']).citations.map((c) => `${c.file} ${c.problem ?? 'counts'}`);
    expect(problems()).toEqual(['src/wave.ts counts', 'test/wave.test.ts counts']);
    const reworded = SPEC.replace('waves back.', 'waves back twice.');
    await project.setBuffer('specs/demo.md', reworded);
    expect(problems()).toEqual(['src/wave.ts stale-citation', 'test/wave.test.ts counts']);
    expect(project.citationFindings('src/wave.ts')[0]?.message).toContain(`now ~${pinOf('WAVES', reworded)}`);
    expect(project.rescanned).toBe(0);
    await project.closeBuffer('specs/demo.md');
    expect(problems()).toEqual(['src/wave.ts counts', 'test/wave.test.ts counts']);
  });

  // @verifies lsp#JUDGE-ONLY-WHAT-IS-ASKED
  it('judging one fact at a time finds what `factline check` finds over the whole project', async () => {
    const other = '# Other\n\n@status:impl/done\n\n@fact:SHOUTS The other shout.\n\n@fact:LONE Only here.\n';
    const root = demoProject({
      results: true,
      extra: {
        'specs/other.md': other,
        'src/mixed.ts': [
          '// @implements SHOUTS',
          '// @implements LONE~deadbeef',
          `// @implements demo#GREETS~${pinOf('GREETS')}`,
          '// @implements demo#greeting',
          '// @deviates other#LONE reason="not yet"',
          '// @implements demo#NOPE',
          GREET_SOURCE,
        ].join('\n'),
        'test/mixed.test.ts':
          "it('mixed', () => {\n  // @implements demo#WAVES\n  // @verifies other#SHOUTS\n});\n",
      },
    });
    const editor = await EditorProject.load(io(root));
    const { result } = await Project.open(io(root)).check();
    const verdict = (c: {
      file: string;
      line: number;
      verb: string;
      counted: boolean;
      problem?: string;
      outcome?: { status: string };
    }) => `${c.file}:${c.line} ${c.verb} ${c.counted} ${c.problem ?? ''} ${c.outcome?.status ?? ''}`;
    for (const fact of result.facts) {
      const judged = editor.judge([fact.address]);
      const mine = judged.facts.get(fact.address)!;
      expect([mine.state, mine.gaps, mine.required], fact.address).toEqual([
        fact.state,
        fact.gaps,
        fact.required,
      ]);
      expect(
        mine.citations.map((i) => verdict(judged.citations[i]!)),
        fact.address,
      ).toEqual(fact.citations.map((i) => verdict(result.citations[i]!)));
      expect(
        judged.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.message}`).sort(),
        fact.address,
      ).toEqual(
        result.findings
          .filter((f) => f.fact === fact.address)
          .map((f) => `${f.rule} ${f.file}:${f.line} ${f.message}`)
          .sort(),
      );
    }
    expect(result.facts.map((f) => f.state)).toContain('deviated');
    expect(result.citations.map((c) => c.problem)).toEqual(
      expect.arrayContaining(['stale-citation', 'misplaced-citation', 'unknown-fact']),
    );
    for (const file of ['src/mixed.ts', 'test/mixed.test.ts'])
      expect(editor.citationFindings(file).map((f) => `${f.rule} ${f.line} ${f.message}`)).toEqual(
        result.findings.filter((f) => f.file === file).map((f) => `${f.rule} ${f.line} ${f.message}`),
      );
  });

  // @verifies lsp#RESULTS-WHEN-READABLE
  it('results not written yet leave outcomes unchecked with a warning; once written and reported, they count', async () => {
    const root = demoProject({ results: true });
    const results = readFileSync(join(root, 'results.json'), 'utf8');
    rmSync(join(root, 'results.json'));
    const project = await EditorProject.load(io(root));
    expect(project.outcomesChecked).toBe(false);
    expect(project.warnings).toHaveLength(1);
    expect(project.warnings[0]).toContain('results.json');
    expect(project.judge(['demo#GREETS']).citations.map((c) => c.outcome?.status)).toEqual([
      undefined,
      undefined,
    ]);
    writeFileSync(join(root, 'results.json'), results);
    expect(await project.diskChanged('results.json')).toBe('taken');
    expect(project.outcomesChecked).toBe(true);
    expect(project.warnings).toEqual([]);
    expect(project.judge(['demo#GREETS']).citations.map((c) => c.outcome?.status)).toEqual([
      undefined,
      'passed',
    ]);
  });

  // @verifies lsp#HOVER-FACT
  it('the fact under the cursor in a spec is the unit holding the line, list items included', async () => {
    const nested = `${SPEC}\n- @fact:OUTER The list holds.\n  - @fact:INNER Its item holds too.\n`;
    const project = await EditorProject.load(io(demoProject({ extra: { 'specs/demo.md': nested } })));
    const view = new WorkspaceView(project);
    const lines = nested.split('\n');
    const at = (id: string) => {
      const here = view.at('specs/demo.md', {
        line: lines.findIndex((l) => l.includes(`@fact:${id}`)),
        character: 8,
      });
      return here?.kind === 'fact' ? here.fact.id : undefined;
    };
    expect([at('OUTER'), at('INNER'), at('GREETS')]).toEqual(['OUTER', 'INNER', 'GREETS']);
    expect(view.at('specs/demo.md', { line: 1, character: 0 })).toBeUndefined();
  });

  // @verifies lsp#REPIN-SHOWS-TEXT
  it('a stale pin in a generated file is re-stamped in its template: the fix says so and no edit of the file is offered', async () => {
    const stale = '// @implements demo#WAVES~deadbeef\nexport const x = 1;\n';
    const root = demoProject({
      extra: {
        'factline.config.json': JSON.stringify({
          specs: ['specs/**/*.md'],
          sources: ['src/**/*.ts', 'generated/**/*.ts'],
          tests: ['test/**/*.ts'],
          generate: { spec: 'specs/demo.md', templates: 'templates', out: 'generated' },
        }),
        'generated/x.ts': withHeader(stale, { spec: 'specs/demo.md', template: 'templates/x.ts.hbs' }),
        'src/copy.ts': stale,
      },
    });
    const project = await EditorProject.load(io(root));
    const view = new WorkspaceView(project);
    const [generated] = project.citationFindings('generated/x.ts');
    expect(generated!.rule).toBe('stale-citation');
    expect(generated!.fix).toContain('this file is generated from templates/x.ts.hbs');
    const titles = (file: string, line: number) =>
      codeActions(view, file, { start: { line, character: 5 }, end: { line, character: 5 } }, []).map(
        (a) => a.title,
      );
    expect(titles('src/copy.ts', 0).filter((t) => t.startsWith('Re-pin'))).toHaveLength(1);
    expect(titles('generated/x.ts', 4).filter((t) => t.startsWith('Re-pin'))).toEqual([]);
  });

  // @verifies lsp#AS-YOU-TYPE-MARKUP
  it('a spec buffer’s markup findings are the gate’s, with the severity strict mode gives them', async () => {
    const root = demoProject();
    const project = await EditorProject.load(io(root));
    await project.setBuffer(
      'specs/demo.md',
      `${SPEC}\n@fact:status-line This MUST hold. @status:impl/done\n`,
    );
    const findings = project.markupFindings('specs/demo.md');
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['normative-service-unit', 'warning']]);
  });

  // @verifies lsp#ONE-SCAN-THEN-BUFFERS
  it('a project that cannot load says why, as `check` would', async () => {
    const root = demoProject({ extra: { 'factline.config.json': '{"sources": 3}' } });
    await expect(EditorProject.load(io(root))).rejects.toThrow(/sources/);
  });
});
