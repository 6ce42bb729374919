/**
 * The core installs alone: `packages/mcp-core` packs to a tarball whose one
 * dependency is koffi, and the README's example runs verbatim from it in a
 * fresh `npm init -y` project.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { HANDSHAKE, req } from '../../support/mcp.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

/** The README's library example, exactly as written there. */
function readmeExample(): string {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const match = /own tools, `server\.mjs`:\n\n```js\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('README.md has no `server.mjs` example under "The MCP core as a library"');
  return match[1];
}

describe('the core as its own package', () => {
  // @verifies mcp-core#TRANSPORT-EVERY-MCP-KIND-SERVER-BUILDS-ON
  it('installs with koffi as its only dependency and runs the README example in a fresh project', () => {
    const packs = temp('mcp-core-pack-');
    npm(['pack', '--pack-destination', packs], join(REPO, 'packages', 'mcp-core'));
    const [tarball] = readdirSync(packs).filter((f) => f.endsWith('.tgz'));
    expect(tarball).toBeDefined();

    const project = temp('mcp-core-fresh-');
    npm(['init', '-y'], project);
    npm(['install', '--prefer-offline', join(packs, tarball as string)], project);
    const installed = JSON.parse(npm(['ls', '--all', '--json'], project)) as {
      dependencies: Record<string, { dependencies?: Record<string, unknown> }>;
    };
    expect(Object.keys(installed.dependencies)).toEqual(['factline-mcp-core']);
    expect(Object.keys(installed.dependencies['factline-mcp-core']?.dependencies ?? {})).toEqual(['koffi']);

    writeFileSync(join(project, 'server.mjs'), readmeExample());
    const run = spawnSync(process.execPath, ['server.mjs'], {
      cwd: project,
      input: `${HANDSHAKE}\n${req(1, 'tools/call', { name: 'echo', arguments: { text: 'from a fresh project' } })}\n`,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const frames = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(frames[0].result.serverInfo).toEqual({ name: 'my-server', version: '1.0.0' });
    expect(frames[1].result).toEqual({
      content: [{ type: 'text', text: 'from a fresh project' }],
      isError: false,
    });
    expect(run.status).toBe(0);
  }, 120_000);
});
