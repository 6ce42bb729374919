/** Commands touch the outside world only through their CliIO, so the in-process tests run the real thing. */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO, runInProcess } from '../support/cli.ts';
import { tempDir } from '../support/temp.ts';

const CLI = join(REPO, 'cli');

/**
 * Facts about the running process, not I/O: `process.pid` names temp files;
 * the Node version, the architecture and the user id key and guard the
 * per-user code cache (engine/cache/code-cache.ts, engine/files/private-dir.ts).
 */
const NOT_IO = new Set(['process.pid', 'process.version', 'process.arch', 'process.getuid']);

/** Every `process.X` and `console.X` in one file, except those in NOT_IO. */
function strayGlobals(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const use = `${node.expression.text}.${node.name.text}`;
      if (/^(process|console)\./.test(use) && !NOT_IO.has(use)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${relative(REPO, file)}:${line + 1} ${use}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the CLI and the outside world', () => {
  // @verifies cli#CLI-IO-ONLY
  it('cli/ reads no process.cwd/env/argv and writes no process.stdout/stderr or console: all of it is io', () => {
    const files = readdirSync(CLI, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(CLI, f));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(strayGlobals)).toEqual([]);
    // The probe itself sees what it forbids.
    const probe = join(tempDir('io-probe'), 'probe.ts');
    writeFileSync(probe, 'process.stdout.write(process.cwd());\nconsole.log(process.pid);\n');
    expect(strayGlobals(probe).map((s) => s.replace(/^.*probe\.ts/, 'probe.ts'))).toEqual([
      'probe.ts:1 process.stdout',
      'probe.ts:1 process.cwd',
      'probe.ts:2 console.log',
    ]);
  });

  // @verifies cli#CLI-IO-ONLY
  it('gen --watch stops when its io says the user interrupted, with exit 0', async () => {
    const dir = tempDir('watch-io');
    for (const part of ['factline.config.json', 'specs', 'templates']) {
      cpSync(join(REPO, part), join(dir, part), { recursive: true });
    }
    let interrupt: (() => void) | undefined;
    const running = runInProcess(dir, ['gen', '--watch'], {
      onInterrupt: (stop) => {
        interrupt = stop;
        return () => {};
      },
    });
    for (let i = 0; i < 200 && interrupt === undefined; i++) await new Promise((r) => setTimeout(r, 25));
    expect(interrupt).toBeDefined();
    interrupt!();
    const r = await running;
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'gen --watch: watching specs/mcp-core.md, specs/mcp-bounds.md, specs/mcp-lifecycle.md, specs/mcp-revisions.md, specs/mcp-host.md, specs/mcp-http.md, specs/mcp-features.md and templates/',
    );
    expect(readdirSync(join(dir, 'generated')).length).toBeGreaterThan(0);
  });
});
