/**
 * `factline gen` where a real process is the subject: a regenerated server
 * answers what the spec says, the generated core type-checks alone, and
 * `gen --watch` regenerates until a signal stops it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { BIN, collectOutput, REPO, runInProcess } from '../../support/cli.ts';
import { copyRepo, snapshot, templatesOf } from '../../support/gen-project.ts';
import { tempDir } from '../../support/temp.ts';

const gen = (cwd: string, ...args: string[]) => runInProcess(cwd, ['gen', ...args]);

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
  // @verifies generator#GEN-SPEC-EDIT-CHANGES-THE-SERVER
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

describe('generated/ stands alone', () => {
  // @verifies generator#GEN-OUTPUT-IS-SELF-CONTAINED
  it('imports nothing of the project and type-checks with the rest of factline absent', async () => {
    const { default: ts } = await import('typescript');
    const dir = copyRepo();
    expect((await gen(dir)).code).toBe(0);
    const files = Object.keys(snapshot(dir)).sort();
    expect(files.length).toBeGreaterThan(0);

    for (const name of files) {
      const text = readFileSync(join(dir, 'generated', name), 'utf8');
      const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
      const specifiers: string[] = [];
      const visit = (node: import('typescript').Node) => {
        if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
          specifiers.push((node.moduleSpecifier as import('typescript').StringLiteral).text);
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
  // @verifies generator#GEN-WATCH-REGENERATES
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
