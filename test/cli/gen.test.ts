/**
 * `factline gen` end to end: a temp project holding this repo's config, spec,
 * templates and fixture server (node_modules linked), the CLI in-process
 * (the watch: the real executable, stopped by a signal), real files compared
 * byte for byte.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../reader/index.ts';
import { BIN, collectOutput, runInProcess } from '../support/cli.ts';
import { tempDir } from '../support/temp.ts';

const REPO = join(import.meta.dirname, '..', '..');
/** What `factline gen` and the fixture server read; generated/ is left out, so every test starts from the templates alone. */
const PROJECT = [
  'package.json',
  'factline.config.json',
  'specs',
  'templates',
  'test/fixtures/echo-server.ts',
];

function copyRepo(): string {
  const dir = tempDir('gen');
  for (const part of PROJECT) cpSync(join(REPO, part), join(dir, part), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const gen = (cwd: string, ...args: string[]) => runInProcess(cwd, ['gen', ...args]);

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const root = join(dir, 'generated');
  if (!existsSync(root)) return out;
  for (const name of readdirSync(root, { recursive: true }) as string[]) {
    const abs = join(root, name);
    if (name.endsWith('.ts')) out[name] = readFileSync(abs, 'utf8');
  }
  return out;
}

const templatesOf = (dir: string) =>
  readdirSync(join(dir, 'templates'))
    .filter((n) => n.endsWith('.hbs'))
    .sort();

/** Every `{{helper "ID"` call on a template line, as `templates/x.ts.hbs:LINE:COL` of its `{{`. */
function callSites(dir: string, id: string): string[] {
  const sites: string[] = [];
  for (const name of templatesOf(dir)) {
    readFileSync(join(dir, 'templates', name), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const m of text.matchAll(new RegExp(`\\{\\{(cite|value) "${id}(~[0-9a-f]{8})?"`, 'g'))) {
          sites.push(`templates/${name}:${i + 1}:${m.index + 1}`);
        }
      });
  }
  return sites;
}

describe('factline gen on the real templates', () => {
  // @verifies factline#GEN-STABLE-FORMAT
  // @verifies factline#GEN-HAND-EDITS-ARE-REFUSED
  // @verifies factline#GEN-CHECK-REPORTS-EVERY-DRIFT
  // @verifies factline#GEN-ORPHANS-ARE-DELETED
  it('writes identical bytes twice, refuses a hand edit until --force, and deletes the orphan of a removed template', async () => {
    const dir = copyRepo();
    const first = await gen(dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const before = snapshot(dir);
    expect(Object.keys(before).length).toBe(templatesOf(dir).length);

    const second = await gen(dir);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`0 written, 0 deleted, ${templatesOf(dir).length} unchanged`);
    expect(snapshot(dir)).toEqual(before);
    expect((await gen(dir, '--check')).code).toBe(0);

    const victim = Object.keys(before).sort()[0]!;
    const victimPath = join(dir, 'generated', victim);
    const edited = before[victim]!.replace(/\n$/, '\nexport const handEdit = 1;\n');
    writeFileSync(victimPath, edited);
    // The edit sits after the last line gen wrote: that is where both reports point.
    const editLine = before[victim]!.split('\n').length;
    const refused = await gen(dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`generated/${victim}:${editLine}:1: error generated-hand-edit`);
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(victimPath, 'utf8')).toBe(edited);

    const check = await gen(dir, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`generated/${victim}:${editLine}:1: error generated-hand-edit`);
    expect(readFileSync(victimPath, 'utf8')).toBe(edited);

    const forced = await gen(dir, '--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(victimPath, 'utf8')).toBe(before[victim]);

    const keep = join(dir, 'generated', 'hand-written-note.ts');
    writeFileSync(keep, 'export const note = 1;\n');
    const dropped = templatesOf(dir).at(-1)!;
    unlinkSync(join(dir, 'templates', dropped));
    const driftCheck = await gen(dir, '--check');
    expect(driftCheck.code).toBe(1);
    const orphan = `generated/${dropped.replace(/\.hbs$/, '')}`;
    expect(driftCheck.stdout).toContain(`${orphan}:1:1: error generated-drift ${orphan} is orphaned`);
    expect(existsSync(join(dir, orphan))).toBe(true);
    const pruned = await gen(dir);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toContain(`deleted ${orphan}`);
    expect(existsSync(join(dir, orphan))).toBe(false);
    expect(existsSync(keep)).toBe(true);
  }, 180_000);

  // @verifies factline#GEN-UNKNOWN-FACT-SUGGESTS-NEAREST
  // @verifies factline#GEN-ALL-ERRORS-BEFORE-ANY-WRITE
  it('fails naming every template file:line:col when a cited fact is removed, and suggests the id for a typo', async () => {
    const dir = copyRepo();
    expect((await gen(dir)).code).toBe(0);
    const before = snapshot(dir);
    const specPath = join(dir, 'specs', 'mcp-core.md');
    const original = readFileSync(specPath, 'utf8');
    const spec = parseSpec(original, { file: 'specs/mcp-core.md', doc: 'mcp-core' });
    const fact = spec.facts.find((f) => f.id === 'ANSWERED-PROTOCOL-REVISION')!;
    const sites = callSites(dir, fact.id);
    expect(sites.length).toBeGreaterThan(0);

    const lines = original.split('\n');
    lines.splice(fact.line - 1, fact.endLine - fact.line + 1);
    writeFileSync(specPath, lines.join('\n'));
    const removed = await gen(dir);
    expect(removed.code).toBe(1);
    for (const site of sites) {
      expect(removed.stderr).toContain(
        `${site}: error unknown-fact mcp-core#ANSWERED-PROTOCOL-REVISION is not a fact`,
      );
    }
    expect(removed.stderr).toContain('nothing written');
    expect(snapshot(dir)).toEqual(before);

    writeFileSync(specPath, original);
    const [template, line, col] = callSites(dir, 'METHOD-PING')[0]!.split(':');
    const templatePath = join(dir, template!);
    writeFileSync(templatePath, readFileSync(templatePath, 'utf8').replace('"METHOD-PING"', '"METHOD-PIGN"'));
    const typo = await gen(dir);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      `${template}:${line}:${col}: error unknown-fact mcp-core#METHOD-PIGN is not a fact of specs/mcp-core.md; did you mean \`METHOD-PING\``,
    );
  }, 180_000);
});

/** Starts a server process, sends raw lines, closes stdin, and returns the JSON lines it answered. */
function exchange(cwd: string, entry: string, lines: string[]): Promise<Record<string, unknown>[]> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit; stderr:\n${stderr}`));
    }, 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`server exited ${code}; stderr:\n${stderr}`));
      else
        resolvePromise(
          stdout
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l)),
        );
    });
    child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'gen-test', version: '0' } },
});

describe('a spec edit reaches the running server', () => {
  // @verifies factline#GEN-SPEC-EDIT-CHANGES-THE-SERVER
  it('answers the revision and the parse-error code written in the spec after `factline gen`', async () => {
    const dir = copyRepo();
    const entry = 'test/fixtures/echo-server.ts';
    expect(existsSync(join(dir, entry)), 'the CORE fixture server').toBe(true);
    expect((await gen(dir)).code).toBe(0);
    const frames = [
      INITIALIZE,
      'this is not json',
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    ];
    const [init0, parse0] = await exchange(dir, entry, frames);
    expect(init0).toMatchObject({ id: 1, result: { protocolVersion: '2024-11-05' } });
    expect(parse0).toMatchObject({ id: null, error: { code: -32700 } });

    const specPath = join(dir, 'specs', 'mcp-core.md');
    const spec = readFileSync(specPath, 'utf8');
    const edited = spec.replace('`2024-11-05`', '`2025-06-18`').replace('code `-32700`,', 'code `-32099`,');
    expect(edited.match(/2025-06-18|-32099/g)).toHaveLength(2);
    writeFileSync(specPath, edited);
    const templatesBefore = templatesOf(dir).map((n) => readFileSync(join(dir, 'templates', n), 'utf8'));
    const regenerated = await gen(dir);
    expect(regenerated.code).toBe(0);
    expect(regenerated.stdout).toMatch(/updated generated\/\S+\.ts/);
    expect(templatesOf(dir).map((n) => readFileSync(join(dir, 'templates', n), 'utf8'))).toEqual(
      templatesBefore,
    );

    const [init, parse, ping] = await exchange(dir, entry, frames);
    expect(init).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18' } });
    expect(parse).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32099 } });
    // The malformed line did not kill the loop: the next request is still answered.
    expect(ping).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });
});

describe('factline gen usage and input errors', () => {
  it('exits 2 naming the problem for a bad flag, an unreadable spec or a missing templates directory', async () => {
    const dir = copyRepo();
    const flag = await gen(dir, '--chek');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('unknown option `--chek`; did you mean `--check`?');
    writeFileSync(
      join(dir, 'alt.json'),
      JSON.stringify({ generate: { spec: 'specs/nope.md', templates: 'templates', out: 'generated' } }),
    );
    const spec = await gen(dir, '--config', 'alt.json');
    expect(spec.code).toBe(2);
    expect(spec.stderr).toContain('cannot read the spec specs/nope.md');
    writeFileSync(
      join(dir, 'alt.json'),
      JSON.stringify({ generate: { spec: 'specs/mcp-core.md', templates: 'tmpl', out: 'generated' } }),
    );
    const templates = await gen(dir, '--config', 'alt.json');
    expect(templates.code).toBe(2);
    expect(templates.stderr).toContain('templates directory tmpl does not exist');
    expect(existsSync(join(dir, 'generated'))).toBe(false);
  });
});

describe('generated/ stands alone', () => {
  // @verifies factline#GEN-OUTPUT-IS-SELF-CONTAINED
  it('imports nothing of the project and type-checks with the rest of factline absent', async () => {
    const { ts } = await import('ts-morph');
    const dir = copyRepo();
    expect((await gen(dir)).code).toBe(0);
    const files = Object.keys(snapshot(dir)).sort();
    expect(files.length).toBeGreaterThan(0);

    for (const name of files) {
      const text = readFileSync(join(dir, 'generated', name), 'utf8');
      const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
      const specifiers: string[] = [];
      const visit = (node: import('ts-morph').ts.Node) => {
        if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
          specifiers.push((node.moduleSpecifier as import('ts-morph').ts.StringLiteral).text);
        }
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const arg = node.arguments[0];
          if (arg && ts.isStringLiteralLike(arg)) specifiers.push(arg.text);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      for (const s of specifiers) {
        expect(s, `${name} imports ${s}`).not.toMatch(/(^|\/)(generator|checks|cli)(\/|$)/);
        if (s.startsWith('.')) expect(s, `${name} imports ${s}`).toMatch(/^\.\/[^/]+$/);
      }
    }

    // Only generated/ and the installed packages: anything else it imported would not resolve.
    const alone = tempDir('generated-alone');
    cpSync(join(dir, 'generated'), join(alone, 'generated'), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(alone, 'node_modules'), 'dir');
    writeFileSync(join(alone, 'package.json'), '{ "type": "module" }\n');
    const options = JSON.parse(readFileSync(join(REPO, 'tsconfig.json'), 'utf8')).compilerOptions as Record<
      string,
      unknown
    >;
    const flags = Object.entries(options).flatMap(([key, value]) =>
      value === true
        ? [`--${key}`]
        : Array.isArray(value)
          ? [`--${key}`, value.join(',')]
          : [`--${key}`, String(value)],
    );
    const tsc = spawnSync(
      process.execPath,
      [
        join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'),
        ...flags,
        ...files.map((f) => `generated/${f}`),
      ],
      { cwd: alone, encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});

describe('factline gen --watch (real child process)', () => {
  // @verifies factline#GEN-WATCH-REGENERATES
  it('regenerates after the spec changes, and stops cleanly on SIGTERM', async () => {
    const dir = copyRepo();
    const child = spawn(process.execPath, [BIN, 'gen', '--watch'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ended = collectOutput(child);
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const until = async (ok: () => boolean, what: string) => {
      for (let i = 0; i < 600 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
      if (!ok()) throw new Error(`timed out waiting for ${what}; output so far:\n${out}`);
    };
    try {
      await until(() => out.includes('gen --watch: watching'), 'the watch to start');
      const specPath = join(dir, 'specs', 'mcp-core.md');
      writeFileSync(specPath, readFileSync(specPath, 'utf8').replace('`2024-11-05`', '`2031-01-01`'));
      const generatedHasNewRevision = () =>
        Object.values(snapshot(dir)).some((text) =>
          text.split('\n').some((l) => !l.trim().startsWith('//') && l.includes('2031-01-01')),
        );
      // The rename lands before the log line is printed: wait for both.
      const reported = () => /updated generated\/\S+\.ts/.test(out);
      await until(() => generatedHasNewRevision() && reported(), 'the regenerated revision and its log line');
      expect(out).toMatch(/updated generated\/\S+\.ts/);
    } finally {
      child.kill('SIGTERM');
    }
    // The bin hands the signal to the watch, which closes its watchers and exits 0.
    expect((await ended).code).toBe(0);
  });
});
