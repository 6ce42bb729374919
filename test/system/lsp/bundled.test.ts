/**
 * The compiled CLI starts `factline lsp` from its own chunks: the LSP
 * packages are not resolved from node_modules module by module. The child
 * runs dist/cli-main.js preloaded with the hook that lists every module it
 * resolves (test/system/speed/fixtures/record-modules.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { demoProject } from '../../support/lsp-project.ts';
import { tempDir } from '../../support/temp.ts';

const RECORDER = join(REPO, 'test', 'system', 'speed', 'fixtures', 'record-modules.mjs');
const PROBE = join(import.meta.dirname, 'fixtures', 'lsp-probe.mjs');

describe('factline lsp compiled', () => {
  // @verifies lsp#LSP-STACK-BUNDLED
  it('answers initialize without resolving an LSP package from node_modules', () => {
    const compiled = join(REPO, 'dist', 'cli-main.js');
    expect(existsSync(compiled), 'dist/cli-main.js is missing: npm run build').toBe(true);
    const log = join(tempDir('module-log'), 'modules.log');
    const run = spawnSync(process.execPath, ['--import', RECORDER, PROBE, compiled], {
      cwd: demoProject(),
      encoding: 'utf8',
      env: { ...process.env, FACTLINE_MODULE_LOG: log },
    });
    expect(run.stderr).toBe('');
    const { code, out } = JSON.parse(run.stdout) as { code: number; out: string };
    expect(code).toBe(0);
    expect(out).toContain('"hoverProvider":true');
    const modules = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(modules.filter((m) => /\/node_modules\/vscode-/.test(m))).toEqual([]);
    const serverChunk = (m: string) =>
      /\/dist\/cli-[\w-]+\.js$/.test(m) &&
      readFileSync(fileURLToPath(m), 'utf8').includes('node_modules/vscode-languageserver/lib/node/main.js');
    expect(modules.some(serverChunk)).toBe(true);
  });
});
