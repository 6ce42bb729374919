/**
 * The vibevm profile, chosen by specmap.toml: a small vibevm-shaped project
 * written for each case, judged as vibevm's specmap and progress gates judge
 * it (names, revision lines, verbs, scope, what fails), and the same project
 * under factline's own config still judged by factline's rules.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Project } from '../../../engine/project.ts';
import { checkJson } from '../../support/cli.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-vibevm-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const SPECMAP = 'namespace = "org.example/demo"\nscan_roots = ["crates/*"]\nspec_roots = ["spec"]\n';

const STORE_SPEC = `# Store {#root}

## Create {#create}

\`req r3\`

Creating a store writes its folder.

### Reindex {#reindex}

Rebuilds the index.

## Markers {#markers}

@fact:req-markers \`req r1\`

@fact:MARKED Markers are read. @status:impl/done
`;

describe('the vibevm profile (specmap.toml)', () => {
  // @verifies vibevm#REVISION-LINES
  // @verifies vibevm#PIN-INTO-ANY-UNIT
  // @verifies vibevm#PROFILE-FROM-SPECMAP
  it('reads a revision only from the first line under a heading, never inherited, and notes pins into unmarked units', async () => {
    const dir = project({
      'specmap.toml': SPECMAP,
      'spec/modules/store/PROP-012-store.md': STORE_SPEC,
      'crates/store/src/lib.rs': [
        'use specmark::spec;',
        '#[spec(implements = "spec://org.example/demo/modules/store/PROP-012#create", r = 3)]',
        'pub fn create() {}',
        '#[spec(implements = "spec://org.example/demo/modules/store/PROP-012#reindex", r = 3)]',
        'pub fn reindex() {}',
        '#[spec(implements = "spec://org.example/demo/modules/store/PROP-012#markers", r = 1)]',
        'pub fn markers() {}',
        '#[spec(implements = "spec://org.example/demo/modules/store/PROP-012#MARKED", r = 1)]',
        'pub fn marked() {}',
        '',
      ].join('\n'),
    });
    const { code, result } = await checkJson(dir, ['--config', 'specmap.toml']);
    const revisions = Object.fromEntries(
      (result.units ?? []).filter((u) => u.kind === 'heading').map((u) => [u.anchor, u.revision ?? null]),
    );
    // `req r3` right under #create; #reindex does not inherit it; #markers' first line is a fact, not a kind line.
    expect(revisions).toEqual({ root: null, create: 3, reindex: null, markers: null });
    const notes = result.findings.filter((f) => f.rule === 'pin-into-unmarked-unit').map((f) => f.line);
    expect(notes).toEqual([4, 6, 8]);
    expect(result.citations.every((c) => c.counted)).toBe(true);
    expect(code).toBe(0);

    // The same tree under factline's own config: the kind-line fact governs #markers and its facts.
    writeFileSync(
      join(dir, 'factline.config.json'),
      JSON.stringify({
        specs: ['spec/**/*.md'],
        specsRoot: 'spec',
        sources: ['crates/**/*.rs'],
        namespace: 'org.example/demo',
      }),
    );
    const own = await checkJson(dir, ['--config', 'factline.config.json']);
    const ownRevisions = Object.fromEntries(
      (own.result.units ?? []).filter((u) => u.kind === 'heading').map((u) => [u.anchor, u.revision ?? null]),
    );
    expect(ownRevisions.markers).toBe(1);
    expect(ownRevisions.create).toBe(null);
  });

  // @verifies vibevm#DOCUMENT-NAMES
  // @verifies vibevm#NAMESPACE-DEFAULT
  // @verifies vibevm#CELLS-AND-CODE-NOT-MINTED
  // @verifies vibevm#REPEATED-ANCHORS-LISTED
  it('names only PROP-N and FEAT-N documents short, mints no cell units, and defaults the namespace to vibevm', async () => {
    const dir = project({
      'specmap.toml': 'scan_roots = ["crates/*"]\nspec_roots = ["spec"]\n',
      'spec/modules/a/PROP-007-alpha.md': '# Alpha {#root}\n\n@fact:ALPHA One.\n',
      'spec/modules/a/FEAT-2-beta.md': '# Beta {#root}\n\n## Copy {#root}\n',
      'spec/manual-tests/MT-01-vibe-tree.md':
        '# Tree {#root}\n\n| a | b |\n|---|---|\n| @fact:CELL x | y |\n',
    });
    const { result } = await checkJson(dir, ['--config', 'specmap.toml']);
    const uris = (result.units ?? []).map((u) => u.uri).filter((u) => u !== undefined);
    expect(uris.sort()).toEqual([
      'spec://vibevm/manual-tests/MT-01-vibe-tree#root',
      'spec://vibevm/modules/a/FEAT-2#root',
      'spec://vibevm/modules/a/FEAT-2#root',
      'spec://vibevm/modules/a/PROP-007#ALPHA',
      'spec://vibevm/modules/a/PROP-007#root',
    ]);
    expect((result.units ?? []).some((u) => u.anchor === 'CELL' && u.uri === undefined)).toBe(true);
    // The repeated {#root} is listed at its own line; vibevm mints both.
    expect((result.units ?? []).filter((u) => u.file.endsWith('FEAT-2-beta.md')).map((u) => u.line)).toEqual([
      1, 3,
    ]);
  });

  // @verifies vibevm#EDGES-BY-VERB
  // @verifies vibevm#GATE-FAILS-AS-VIBEVM
  // @verifies vibevm#PROGRESS-SCOPE
  it('counts edges by verb, fails only on its own namespace and on markup in the progress scope', async () => {
    const files = {
      'specmap.toml': SPECMAP,
      'progress.toml': 'include = ["spec/modules/**/*.md"]\nexclude = ["spec/modules/old/**"]\n',
      'spec/modules/store/PROP-012-store.md': STORE_SPEC,
      'spec/terraforms/PLAN.md': '# Plan {#root}\n\n(@status:spec/done) said once.\n',
      'spec/modules/old/OLD.md': '# Old {#root}\n\n(@status:spec/done) said once.\n\n## Again {#root}\n',
      'crates/store/src/lib.rs': [
        'fn create() {}',
        '#[cfg(test)]',
        'mod tests {',
        '    #[spec(implements = "spec://org.example/demo/modules/store/PROP-012#create")]',
        '    fn migration() {}',
        '}',
        '#[spec(deviates = "spec://core-ai-native/mechanisms/ENGINE#rules", reason = "x")]',
        'pub fn other() {}',
        '',
      ].join('\n'),
    };
    const dir = project(files);
    const { code, result } = await checkJson(dir, ['--config', 'specmap.toml']);
    expect(result.findings.filter((f) => f.rule === 'misplaced-citation')).toEqual([]);
    expect(result.citations.find((c) => c.line === 4)?.counted).toBe(true);
    expect(result.findings.filter((f) => f.rule === 'unread-tag')).toEqual([]);
    // Out of the progress scope, a duplicate anchor is still specmap's warning.
    expect(
      result.findings
        .filter((f) => f.rule === 'duplicate-id')
        .map((f) => `${f.file}:${f.line} ${f.severity}`),
    ).toEqual(['spec/modules/old/OLD.md:5 warning']);
    const outside = result.findings.find((f) => f.line === 7);
    expect(outside?.severity).toBe('warning');
    expect(code).toBe(0);

    // The same markup inside the scope fails; so does a citation into this project's namespace that resolves to nothing.
    const inScope = project({
      ...files,
      'spec/modules/store/PLAN.md': '# Plan {#root}\n\n(@status:spec/done) said once.\n',
      'crates/store/src/more.rs':
        '#[spec(implements = "spec://org.example/demo/modules/store/PROP-012#gone")]\npub fn g() {}\n',
    });
    const failing = await checkJson(inScope, ['--config', 'specmap.toml']);
    expect(failing.code).toBe(1);
    expect(
      failing.result.findings.filter((f) => f.severity === 'error').map((f) => `${f.file} ${f.rule}`),
    ).toEqual(['crates/store/src/more.rs unknown-fact', 'spec/modules/store/PLAN.md unread-tag']);
  });

  // @verifies vibevm#STATUS-AGAINST-EVIDENCE
  // @verifies vibevm#LONG-SECTION
  it('reports status against the evidence of the enclosing anchored heading, and long leaf sections, without failing', async () => {
    const long = Array.from({ length: 125 }, (_, i) => `Line ${i}.`)
      .join('\n\n')
      .split('\n')
      .slice(0, 125)
      .join('\n');
    const dir = project({
      'specmap.toml': SPECMAP,
      'spec/modules/ops/PROP-006-ops.md': [
        '# Ops {#root}',
        '',
        '## Boot {#boot}',
        '',
        '@fact:boot-catalogue The catalogue loads at boot. @status:freeze/done',
        '',
        '## Tests {#tests}',
        '',
        '@fact:TESTED Tested. @status:test/done',
        '',
        '## Plain',
        '',
        '@fact:UNANCHORED Frozen. @status:freeze/done',
        '',
        '## Long {#long}',
        '',
        long,
        '',
      ].join('\n'),
      'crates/ops/src/lib.rs':
        '#[spec(implements = "spec://org.example/demo/modules/ops/PROP-006#tests")]\npub fn t() {}\n',
    });
    const { code, result } = await checkJson(dir, ['--config', 'specmap.toml']);
    const against = result.findings.filter((f) => f.rule === 'status-against-evidence');
    expect(against.map((f) => `${f.line} ${f.severity} ${f.fact}`)).toEqual([
      '5 info modules/ops/PROP-006-ops#boot-catalogue',
      '9 info modules/ops/PROP-006-ops#TESTED',
    ]);
    const longOnes = result.findings.filter((f) => f.rule === 'long-section');
    expect(longOnes.map((f) => `${f.line} ${f.message.match(/spans (\d+)/)?.[1]}`)).toEqual(['15 127']);
    expect(code).toBe(0);
  });

  // @verifies vibevm#XML-UNITS
  // @verifies vibevm#XML-CONTENT-HASH
  // @verifies vibevm#XML-KIND-FROM-FIRST-BLOCK
  it('mints units from a dialect .xml spec that citations resolve into and pins compare with, and none from a broken one', async () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<spec xmlns="https://vibevm.org/spec/1">',
      '  <title id="root">Store</title>',
      '  <create title="Create">',
      '    <p><kind-line-create fact="true" status="impl/done">`req r3`</kind-line-create></p>',
      '    <p><WRITES-FOLDER fact="true" status="impl/done">Creating a store writes its folder.</WRITES-FOLDER></p>',
      '    <quote><QUOTED fact="true">Said elsewhere.</QUOTED></quote>',
      '  </create>',
      '</spec>',
      '',
    ].join('\n');
    const dir = project({
      'specmap.toml': SPECMAP,
      'spec/modules/store/PROP-012-store.xml': xml,
      'spec/modules/broken/PROP-013-broken.xml':
        '<spec xmlns="https://vibevm.org/spec/1">\n  <p><CLAIM>x</CLAIM></p>\n</spec>\n',
      'crates/store/src/lib.rs': [
        '#[spec(implements = "spec://org.example/demo/modules/store/PROP-012#create", r = 3)]',
        'pub fn create() {}',
        '#[spec(implements = "spec://org.example/demo/modules/store/PROP-012#WRITES-FOLDER")]',
        'pub fn writes() {}',
        '#[spec(implements = "spec://org.example/demo/modules/store/PROP-012#create", r = 2)]',
        'pub fn old() {}',
        '#[spec(implements = "spec://org.example/demo/modules/broken/PROP-013#CLAIM")]',
        'pub fn claim() {}',
        '',
      ].join('\n'),
    });
    const { code, result } = await checkJson(dir, ['--config', 'specmap.toml']);
    const units = (result.units ?? []).filter((u) => u.uri !== undefined);
    expect(units.map((u) => [u.uri, u.file, u.line, u.revision ?? null])).toEqual([
      [
        'spec://org.example/demo/modules/store/PROP-012#root',
        'spec/modules/store/PROP-012-store.xml',
        3,
        null,
      ],
      [
        'spec://org.example/demo/modules/store/PROP-012#create',
        'spec/modules/store/PROP-012-store.xml',
        4,
        3,
      ],
      [
        'spec://org.example/demo/modules/store/PROP-012#kind-line-create',
        'spec/modules/store/PROP-012-store.xml',
        5,
        null,
      ],
      [
        'spec://org.example/demo/modules/store/PROP-012#WRITES-FOLDER',
        'spec/modules/store/PROP-012-store.xml',
        6,
        null,
      ],
    ]);
    const hash = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
    expect(units[3]!.contentHash).toBe(
      hash('@fact:WRITES-FOLDER Creating a store writes its folder. @status:impl/done'),
    );
    // The quoted fact is a fact without a unit, as vibevm mints none.
    expect((result.units ?? []).some((u) => u.anchor === 'QUOTED' && u.uri === undefined)).toBe(true);
    const judged = (line: number) => result.citations.find((c) => c.line === line);
    expect(judged(1)?.counted).toBe(true);
    expect(judged(3)?.counted).toBe(true);
    expect(
      result.findings.filter((f) => f.file === 'crates/store/src/lib.rs').map((f) => `${f.line} ${f.rule}`),
    ).toEqual(['5 stale-citation', '7 unknown-fact']);
    expect(result.findings.filter((f) => f.rule === 'xml-dialect').map((f) => `${f.file}:${f.line}`)).toEqual(
      ['spec/modules/broken/PROP-013-broken.xml:2'],
    );
    expect(code).toBe(1);
    // What re-reads the spec (the report renders it) is given the canonical Markdown factline read.
    const loaded = await Project.open(
      { cwd: dir, env: {}, stderr: { write: () => true } },
      'specmap.toml',
    ).specs();
    expect(loaded.sources.get('spec/modules/store/PROP-012-store.xml')?.split('\n').slice(0, 5)).toEqual([
      '# Store {#root}',
      '',
      '## Create {#create}',
      '',
      '@fact:kind-line-create `req r3` @status:impl/done',
    ]);
  });

  // @verifies vibevm#XML-PAIR-COLLISION
  it('reads neither form of a document written both as X.md and X.xml in one folder, and warns pair-collision', async () => {
    const dir = project({
      'specmap.toml': SPECMAP,
      'spec/modules/PROP-001-ops.md': '# Ops {#root}\n\n@fact:FROM-MD Said in Markdown.\n',
      'spec/modules/PROP-001-ops.xml':
        '<spec xmlns="https://vibevm.org/spec/1">\n  <title id="root">Ops</title>\n  <p><FROM-XML fact="true">Said in XML.</FROM-XML></p>\n</spec>\n',
      'spec/other/PROP-001-ops.xml':
        '<spec xmlns="https://vibevm.org/spec/1">\n  <title id="root">Ops elsewhere</title>\n</spec>\n',
      'crates/ops/src/lib.rs': 'pub fn t() {}\n',
    });
    const { result } = await checkJson(dir, ['--config', 'specmap.toml']);
    expect((result.units ?? []).map((u) => u.uri)).toEqual(['spec://org.example/demo/other/PROP-001#root']);
    expect(
      result.findings.filter((f) => f.rule === 'pair-collision').map((f) => `${f.file} ${f.message}`),
    ).toEqual([
      'spec/modules/PROP-001-ops.md `spec/modules/PROP-001-ops.md` and `spec/modules/PROP-001-ops.xml` are one logical document in two forms — one document, one form; neither is read',
    ]);
  });

  // @verifies vibevm#XML-DIALECT
  it('warns xml-dialect where a .xml spec in a spec root breaks the dialect, and only under the vibevm profile', async () => {
    const files = {
      'spec/modules/ok.xml':
        '<?xml version="1.0"?>\n<spec xmlns="https://vibevm.org/spec/1">\n  <title id="ok">Ok</title>\n</spec>\n',
      'spec/cache/repomd.xml':
        '<?xml version="1.0"?>\n<repomd xmlns="http://linux.duke.edu/metadata/repo">\n</repomd>\n',
      'spec/boot/STATIC.xml':
        '<spec xmlns="https://vibevm.org/spec/1">\n</spec>\n\n<!-- next -->\n<?xml version="1.0"?>\n<spec xmlns="https://vibevm.org/spec/1">\n</spec>\n',
      'spec/skipped/other.xml': '<other/>\n',
      'data/outside.xml': '<other/>\n',
      'spec/modules/PROP-001-ops.md': '# Ops {#root}\n',
      'crates/ops/src/lib.rs': 'fn t() {}\n',
    };
    const dir = project({
      ...files,
      'specmap.toml': `${SPECMAP}spec_exclude = ["spec/skipped/**"]\n`,
    });
    const { code, result } = await checkJson(dir, ['--config', 'specmap.toml']);
    const xml = result.findings.filter((f) => f.rule === 'xml-dialect');
    expect(xml.map((f) => `${f.file}:${f.line} ${f.severity} ${f.message}`)).toEqual([
      'spec/boot/STATIC.xml:6 warning content after </spec> — one document, one root',
      "spec/cache/repomd.xml:2 warning the document root must be <spec>, found <repomd> — the dialect's vocabulary is closed",
    ]);
    expect(code).toBe(0);
    const own = project({ ...files, 'specs/a.md': '# A\n' });
    const mine = await checkJson(own);
    expect(mine.result.findings.filter((f) => f.rule === 'xml-dialect')).toEqual([]);
  });
});
