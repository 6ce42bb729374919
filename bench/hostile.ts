/**
 * bench/hostile: the hostile inputs and faults of issue 12, re-run as a
 * table. Each case runs factline in-process on a temp project and ends in
 * one outcome: clean (the right verdict, a diagnostic or a refusal), wrong
 * (a false green or a wrong verdict), crash (an exception escaped) or data
 * loss (a byte outside the intended edit changed). Prints counts per area.
 *   node --import tsx bench/hostile.ts [--cache-cases N]
 */
import { spawnSync } from 'node:child_process';
import {
  chownSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { controlCharacter } from '../checks/rules/control-character.ts';
import { nestingTooDeep } from '../checks/rules/nesting-too-deep.ts';
import { scanFile } from '../checks/scan/index.ts';
import type { CliIO } from '../cli/io.ts';
import { runCli } from '../cli/main.ts';
import { projectCacheDir } from '../engine/index.ts';
import { parseSpec } from '../reader/index.ts';
// These inputs are read in this process: the parser for what the fast reader leaves to remark.
import '../reader/markdown.ts';

type Outcome = 'clean' | 'wrong' | 'crash' | 'data loss';
const table = new Map<string, Record<Outcome, number>>();
const notes: string[] = [];
const made: string[] = [];

async function tryCase(area: string, name: string, run: () => Outcome | Promise<Outcome>): Promise<void> {
  let outcome: Outcome;
  try {
    outcome = await run();
  } catch (error) {
    outcome = 'crash';
    notes.push(`${area} / ${name}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (outcome !== 'clean' && outcome !== 'crash') notes.push(`${area} / ${name}: ${outcome}`);
  const row = table.get(area) ?? { clean: 0, wrong: 0, crash: 0, 'data loss': 0 };
  row[outcome]++;
  table.set(area, row);
}

function project(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-adversarial-'));
  made.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

async function cli(cwd: string, argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const sink = (append: (s: string) => void) =>
    ({
      write: (s: string | Uint8Array) => {
        append(String(s));
        return true;
      },
    }) as unknown as NodeJS.WritableStream;
  const io: CliIO = {
    cwd,
    env: {},
    stdout: sink((s) => {
      out += s;
    }),
    stderr: sink((s) => {
      err += s;
    }),
  };
  const code = await runCli(argv, io);
  return { code, out, err };
}

const CONFIG = '{"sources": ["src/**/*"], "tests": ["test/**/*"]}';
const GEN_CONFIG =
  '{"generate": {"spec": "specs/doc.md", "templates": "templates", "out": "generated"}, "sources": ["src/**/*"], "tests": ["test/**/*"]}';

// ---------------------------------------------------------------- reader
async function reader(): Promise<void> {
  const deep: [string, string][] = [
    ['2,000 nested block quotes', `${'> '.repeat(2000)}@fact:X text\n`],
    ['one-line list 2,000 deep', `${'- '.repeat(2000)}@fact:X text\n`],
    ['mixed > - 2,000 deep', `${'> - '.repeat(1000)}@fact:X text\n`],
    ['ordered list 1,000 deep', `${'1. '.repeat(1000)}@fact:X text\n`],
  ];
  let indented = '';
  for (let i = 0; i < 400; i++) indented += `${'  '.repeat(i)}- item ${i}\n`;
  deep.push(['list indented 400 levels', indented]);
  for (const [name, text] of deep) {
    await tryCase('reader', name, () => {
      const doc = parseSpec(`# D\n\n${text}`, { file: 'x.md', doc: 'x' });
      return doc.diagnostics.some((d) => d.code === nestingTooDeep.id) ? 'clean' : 'wrong';
    });
  }
  await tryCase('reader', 'NUL inside a fact id', () => {
    const doc = parseSpec('# D\n\n@fact:AB\u0000CD text\n', { file: 'x.md', doc: 'x' });
    return doc.facts.length === 0 && doc.diagnostics[0]?.code === controlCharacter.id ? 'clean' : 'wrong';
  });
  // Random bytes: the reader must return a document, never throw.
  let seed = 12;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  const alphabet = [
    '>',
    '-',
    ' ',
    '\n',
    '@fact:',
    'A',
    '`',
    '<status ',
    '/>',
    '#',
    '\u0000',
    '\t',
    '*',
    '1.',
    '|',
  ];
  for (let n = 0; n < 40; n++) {
    let text = '';
    for (let i = 0; i < 400; i++) text += alphabet[random() % alphabet.length];
    await tryCase('reader', `random markup #${n}`, () => {
      parseSpec(text, { file: 'x.md', doc: 'x' });
      return 'clean';
    });
  }
}

// ---------------------------------------------------------------- scanner
async function scanner(): Promise<void> {
  const fake: [string, string][] = [
    ['a.ts', 'if (s) /[//] @implements doc#BETA/.test(s);\n'],
    ['a.ts', 'while (s) /[//] @implements doc#BETA/.test(s);\n'],
    ['a.ts', 'function f() {}\n/[//] @implements doc#BETA/.test(s);\n'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: this string is TypeScript source holding a template literal
    ['a.ts', 'const s = `${x}// @implements doc#BETA`;\n'],
    ['a.tsx', 'export const P = () => <p>see // @implements doc#BETA</p>;\n'],
    ['a.tsx', 'export const P = () => <p>a /* @implements doc#BETA */ b</p>;\n'],
    ['a.jsx', 'export const P = () => <div title="// @implements doc#BETA" />;\n'],
    ['a.sh', 'cat <<EOF\n# @implements doc#BETA\nEOF\n'],
    ['a.sh', "cat <<-'EOF'\n\t# @implements doc#BETA\n\tEOF\n"],
    ['a.rb', 's = <<~EOS\n  # @implements doc#BETA\n  EOS\n'],
    ['a.yml', 'run: |\n  # @implements doc#BETA\n'],
    ['a.yaml', 'run: >-\n  # @implements doc#BETA\n'],
    ['a.yaml', "q: 'a # @implements doc#BETA'\n"],
    ['a.py', '"""\n# @implements doc#BETA\n"""\n'],
  ];
  for (const [file, text] of fake) {
    await tryCase('scanner', `not a comment in ${file}`, () =>
      scanFile(file, text).length === 0 ? 'clean' : 'wrong',
    );
  }
  const real: [string, string][] = [
    ['a.ts', 'const x = (a + b) / 2; // @implements doc#REAL\n'],
    ['a.tsx', "export const P = () => <p>don't {/* @implements doc#REAL */}</p>;\n"],
    ['a.sh', 'echo $# # @implements doc#REAL\n'],
    ['a.rb', '=begin\n@implements doc#REAL\n=end\n'],
    ['a.yaml', "it: it's # @implements doc#REAL\n"],
  ];
  for (const [file, text] of real) {
    await tryCase('scanner', `real comment in ${file}`, () =>
      scanFile(file, text)
        .map((c) => c.id)
        .join() === 'REAL'
        ? 'clean'
        : 'wrong',
    );
  }
}

// ---------------------------------------------------------------- cache
async function cache(cases: number): Promise<void> {
  const dir = project({
    'factline.config.json': CONFIG,
    'specs/doc.md':
      '# Doc\n\n@status:impl/done\n\n@fact:A A holds.\n\n@fact:B B holds.\n\n@fact:C C holds.\n',
    'src/a.ts':
      '// @implements doc#A\nexport const a = 1;\n// @implements doc#B~00000000\nexport const b = 1;\n',
    'test/a.test.ts': "it('a', () => {\n  // @verifies doc#A\n  // @verifies doc#B\n});\n",
  });
  const uncached = await cli(dir, ['check', '--json', '--no-cache']);
  await cli(dir, ['check', '--json']);
  const cacheDir = projectCacheDir(dir)!;
  const names = readdirSync(cacheDir);
  const pristine = new Map(names.map((n) => [n, readFileSync(join(cacheDir, n))]));
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  const flipped = (b: Buffer, from: string, to: string) =>
    Buffer.from(b.toString('latin1').replace(from, to), 'latin1');
  const edits: [string, (b: Buffer) => Buffer][] = [
    ['"state":"done" → "don["', (b) => flipped(b, '"state":"done"', '"state":"don["')],
    ['entries of the wrong shape', (b) => flipped(b, '"facts":[', '"facts":null,"x":[')],
    ['a forged row (scan)', (b) => flipped(b, '"A"', '"C"')],
  ];
  for (let n = 0; n < cases; n++) {
    const kind = random() % 4;
    edits.push([
      `random ${['flip', 'truncate', 'insert', 'delete'][kind]} #${n}`,
      (b) => {
        const at = random() % b.length;
        if (kind === 0)
          return Buffer.concat([
            b.subarray(0, at),
            Buffer.from([b[at]! ^ (1 + (random() % 255))]),
            b.subarray(at + 1),
          ]);
        if (kind === 1) return b.subarray(0, at);
        if (kind === 2)
          return Buffer.concat([b.subarray(0, at), Buffer.from([random() % 256]), b.subarray(at)]);
        return Buffer.concat([b.subarray(0, at), b.subarray(at + 1)]);
      },
    ]);
  }
  for (const [name, edit] of edits) {
    for (const file of names) {
      await tryCase('cache', `${file}: ${name}`, async () => {
        for (const [n, bytes] of pristine) writeFileSync(join(cacheDir, n), bytes);
        writeFileSync(join(cacheDir, file), edit(pristine.get(file)!));
        const run = await cli(dir, ['check', '--json']);
        if (run.code !== uncached.code) return 'wrong';
        return run.out === uncached.out ? 'clean' : 'wrong';
      });
    }
  }
}

// ---------------------------------------------------------------- config
async function config(): Promise<void> {
  const bad = [
    '{"generate": {"Spec": "specs/doc.md"}}',
    '{"generate": "specs/doc.md"}',
    '{"generate": []}',
    '{"generate": null}',
    '{"generate": {"spec": null}}',
    '{"generate": {"out": 3}}',
    '{"sorces": ["src/**"]}',
    '{"tests": "test/**"}',
    '{"tests": [null]}',
    '{"strict": "yes"}',
    '{"strict": null}',
    '{"specsRoot": 1}',
    '{"names": {"a.md": 1}}',
    '[]',
    'null',
    '{"specs": [""]}',
  ];
  for (const text of bad) {
    await tryCase('config', text, async () => {
      const dir = project({
        'factline.config.json': text,
        'specs/doc.md': '# D\n\n@fact:A A. @status:impl/done\n',
      });
      const run = await cli(dir, ['check', '--no-cache']);
      return run.code === 2 ? 'clean' : 'wrong';
    });
  }
}

// ---------------------------------------------------------------- identity and symlinks
async function files(): Promise<void> {
  await tryCase('files', 'two specs named doc', async () => {
    const dir = project({
      'factline.config.json':
        '{"specs": ["specs/**/*.md", "vendor/**/*.md"], "sources": ["src/**/*"], "tests": ["test/**/*"]}',
      'specs/doc.md': '# D\n\n@fact:SAME One. @status:impl/done\n',
      'vendor/doc.md': '# D\n\n@fact:SAME Two. @status:impl/done\n',
      'src/a.ts': '// @implements doc#SAME\n',
      'test/a.test.ts': '// @verifies doc#SAME\n',
    });
    return (await cli(dir, ['check', '--no-cache'])).code === 2 ? 'clean' : 'wrong';
  });
  await tryCase('files', 'specs/loop -> .', async () => {
    const dir = project({ 'factline.config.json': CONFIG, 'specs/doc.md': '# D\n\n@fact:A A.\n' });
    symlinkSync('.', join(dir, 'specs', 'loop'));
    const run = await cli(dir, ['check', '--json', '--no-cache']);
    return JSON.parse(run.out).documents.length === 1 ? 'clean' : 'wrong';
  });
  await tryCase('files', 'source linked from outside the root', async () => {
    const outside = project({ 'x.ts': '// @implements doc#A\n', 'x.test.ts': '// @verifies doc#A\n' });
    const dir = project({
      'factline.config.json': CONFIG,
      'specs/doc.md': '# D\n\n@fact:A A. @status:impl/done\n',
    });
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'test'));
    symlinkSync(join(outside, 'x.ts'), join(dir, 'src', 'x.ts'));
    symlinkSync(join(outside, 'x.test.ts'), join(dir, 'test', 'x.test.ts'));
    return (await cli(dir, ['check', '--no-cache'])).code === 1 ? 'clean' : 'wrong';
  });
}

// ---------------------------------------------------------------- writers
function pinProject(source: Buffer | string): string {
  return project({
    'factline.config.json': CONFIG,
    'specs/doc.md': '# D\n\n@fact:A A holds. @status:impl/done\n',
    'src/a.ts': source,
    'test/a.test.ts': '// @verifies doc#A\n',
  });
}
const STALE = '// @implements doc#A~00000000\n';

async function writers(): Promise<void> {
  await tryCase('writers', 'pin in a Latin-1 file', async () => {
    const before = Buffer.from(`// caf\xe9 \xff\xfe\r\n${STALE}x = "\xe9";\r\n`, 'latin1');
    const dir = pinProject(before);
    await cli(dir, ['pin']);
    const after = readFileSync(join(dir, 'src', 'a.ts'));
    const restored = Buffer.from(after.toString('latin1').replace(/~[0-9a-f]{8}/, '~00000000'), 'latin1');
    return restored.equals(before) && !after.equals(before) ? 'clean' : 'data loss';
  });
  await tryCase('writers', 'pin a file outside the root', async () => {
    const outside = project({ 'x.ts': STALE });
    const dir = pinProject(STALE);
    writeFileSync(
      join(dir, 'factline.config.json'),
      JSON.stringify({ sources: ['src/**/*', join(outside, '*.ts')], tests: ['test/**/*'] }),
    );
    const run = await cli(dir, ['pin']);
    if (readFileSync(join(outside, 'x.ts'), 'utf8') !== STALE) return 'data loss';
    return run.code === 2 ? 'clean' : 'wrong';
  });
  await tryCase('writers', 'pin a hard-linked file', async () => {
    const dir = pinProject(STALE);
    linkSync(join(dir, 'src', 'a.ts'), join(dir, 'twin.ts'));
    const run = await cli(dir, ['pin']);
    if (statSync(join(dir, 'src', 'a.ts')).ino !== statSync(join(dir, 'twin.ts')).ino) return 'data loss';
    return run.code === 2 ? 'clean' : 'wrong';
  });
  if (process.getuid?.() === 0) {
    await tryCase('writers', "pin another user's file (as root)", async () => {
      const dir = pinProject(STALE);
      chownSync(join(dir, 'src', 'a.ts'), 1234, 1234);
      await cli(dir, ['pin']);
      return statSync(join(dir, 'src', 'a.ts')).uid === 1234 ? 'clean' : 'data loss';
    });
  }
  const genProject = () =>
    project({
      'factline.config.json': GEN_CONFIG,
      'specs/doc.md': '# D\n\n@fact:A A holds.\n',
      'templates/one.ts.hbs': 'export const one = 1;\n',
    });
  await tryCase('writers', 'gen over a hand edit behind a symlink', async () => {
    const dir = genProject();
    await cli(dir, ['gen']);
    mkdirSync(join(dir, 'kept'));
    writeFileSync(
      join(dir, 'kept', 'one.ts'),
      `${readFileSync(join(dir, 'generated', 'one.ts'), 'utf8')}// mine\n`,
    );
    rmSync(join(dir, 'generated', 'one.ts'));
    symlinkSync('../kept/one.ts', join(dir, 'generated', 'one.ts'));
    await cli(dir, ['gen']);
    return readFileSync(join(dir, 'kept', 'one.ts'), 'utf8').includes('// mine') ? 'clean' : 'data loss';
  });
  await tryCase('writers', 'gen through a symlink out of the root', async () => {
    const outside = project({ 'one.ts': 'precious\n' });
    const dir = genProject();
    mkdirSync(join(dir, 'generated'));
    symlinkSync(join(outside, 'one.ts'), join(dir, 'generated', 'one.ts'));
    const run = await cli(dir, ['gen', '--force']);
    if (readFileSync(join(outside, 'one.ts'), 'utf8') !== 'precious\n') return 'data loss';
    return run.code === 2 ? 'clean' : 'wrong';
  });
  await tryCase('writers', "a killed run's temp file", async () => {
    const dir = genProject();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(join(dir, 'generated'));
    writeFileSync(join(dir, 'generated', `.factline-gen-${dead}-00000000.tmp`), 'half');
    await cli(dir, ['gen']);
    return readdirSync(join(dir, 'generated')).some((f) => f.endsWith('.tmp')) ? 'wrong' : 'clean';
  });
}

// ---------------------------------------------------------------- report
async function report(): Promise<void> {
  const hostile = ['\u001b[2J', '\u001b]0;title\u0007', '\u009b31m', '\u202e', '\r'];
  for (const h of hostile) {
    await tryCase('report', `control ${JSON.stringify(h)} in spec text and reason`, async () => {
      const dir = project({
        'factline.config.json': CONFIG,
        'specs/doc.md': `# D\n\n@fact:A A ${h} holds. @status:impl/done\n\n@fact:B B. @status:impl/done\n`,
        'src/a.ts': `// @implements doc#A~00000000\n// @deviates doc#B reason="x${h === '\r' ? '' : h}y"\n`,
      });
      const run = await cli(dir, ['check', '--no-cache']);
      return /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/.test(run.out) ? 'wrong' : 'clean';
    });
  }
}

const cacheCases = Number(process.argv[process.argv.indexOf('--cache-cases') + 1]) || 60;
try {
  await reader();
  await scanner();
  await cache(cacheCases);
  await config();
  await files();
  await writers();
  await report();
} finally {
  for (const d of made) rmSync(d, { recursive: true, force: true });
}
const totals: Record<Outcome, number> = { clean: 0, wrong: 0, crash: 0, 'data loss': 0 };
console.log('area       tried  clean  wrong  crash  data loss');
for (const [area, row] of table) {
  const tried = row.clean + row.wrong + row.crash + row['data loss'];
  for (const k of Object.keys(totals) as Outcome[]) totals[k] += row[k];
  console.log(
    `${area.padEnd(10)} ${String(tried).padStart(5)}  ${String(row.clean).padStart(5)}  ${String(row.wrong).padStart(5)}  ${String(row.crash).padStart(5)}  ${String(row['data loss']).padStart(9)}`,
  );
}
const all = totals.clean + totals.wrong + totals.crash + totals['data loss'];
console.log(
  `${'total'.padEnd(10)} ${String(all).padStart(5)}  ${String(totals.clean).padStart(5)}  ${String(totals.wrong).padStart(5)}  ${String(totals.crash).padStart(5)}  ${String(totals['data loss']).padStart(9)}`,
);
for (const n of notes) console.log(`  ${n}`);
