/**
 * The generated core as a library: a consumer project installs factline and
 * imports `factline/mcp-core` with plain Node (no TypeScript loader) and with
 * its types, exactly as the README shows.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
const tsc = join(repo, 'node_modules/.bin/tsc');

let consumer: string;

beforeAll(() => {
  consumer = mkdtempSync(join(tmpdir(), 'factline-consumer-'));
  const pkg = join(consumer, 'node_modules/factline');
  mkdirSync(pkg, { recursive: true });
  copyFileSync(join(repo, 'package.json'), join(pkg, 'package.json'));
  // The library as `npm ci` (prepare) builds it and `npm pack` ships it: the
  // tests' global setup has just brought dist/ up to date with generated/.
  cpSync(join(repo, 'dist/mcp-core'), join(pkg, 'dist/mcp-core'), { recursive: true });
  for (const dep of ['koffi', '@types'])
    symlinkSync(join(repo, 'node_modules', dep), join(consumer, 'node_modules', dep));
  writeFileSync(
    join(consumer, 'server.mjs'),
    [
      "import { Server, ToolSet, serveStdio } from 'factline/mcp-core';",
      'const tools = new ToolSet().register({',
      "  descriptor: { name: 'echo', description: 'Answers its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },",
      '  run: (args) => ({ report: String(args.text) }),',
      '});',
      "const end = await serveStdio(new Server('consumer', '1.0.0', tools));",
      "if (end.reason !== 'end-of-input') process.exitCode = 1;",
      '',
    ].join('\n'),
  );
});

afterAll(() => rmSync(consumer, { recursive: true, force: true }));

describe('package exports', () => {
  // @verifies serve#CORE-LIBRARY-EXPORTS
  it('a plain Node consumer serves its own tool through factline/mcp-core', async () => {
    const child = spawn(process.execPath, ['server.mjs'], { cwd: consumer, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.stderr.resume();
    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hi' } },
    };
    // The session opens with initialize: the core refuses tools before it (mcp-lifecycle).
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} };
    child.stdin.end(`${JSON.stringify(initialize)}\n${JSON.stringify(call)}\n`);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code).toBe(0);
    const answer = JSON.parse(out.trim().split('\n')[1] ?? '');
    expect(answer).toMatchObject({ id: 7, result: { content: [{ type: 'text', text: 'hi' }] } });
  });

  // @verifies serve#CORE-LIBRARY-EXPORTS
  it('ships types: a TypeScript consumer type-checks against the exports and catches a wrong tool', () => {
    const good = [
      "import { Server, ToolSet } from 'factline/mcp-core';",
      "const tools = new ToolSet().register({ descriptor: { name: 'a', description: 'b', inputSchema: { type: 'object' } }, run: () => ({ report: 'ok' }) });",
      "export const server = new Server('n', '1', tools);",
      '',
    ].join('\n');
    writeFileSync(join(consumer, 'good.ts'), good);
    writeFileSync(join(consumer, 'bad.ts'), good.replace("report: 'ok'", 'report: 42'));
    const flags = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--types',
      'node',
      '--ignoreConfig',
    ];
    // One compiler run over both files: errors are reported per file.
    const run = spawnSync(tsc, [...flags, 'good.ts', 'bad.ts'], { cwd: consumer, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toMatch(/bad\.ts\(\d+,\d+\): error TS\d+: .*number.*string/);
    expect(run.stdout).not.toContain('good.ts');
  }, 180_000);
});
