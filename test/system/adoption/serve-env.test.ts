/**
 * `factline serve` started the way an MCP host starts it: from some other
 * directory, by the bin's absolute path, its project named only by
 * FACTLINE_CONFIG. Driven by the official MCP client.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { connect } from '../../support/mcp.ts';
import { tempDir } from '../../support/temp.ts';

const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

function project(name: string, factId: string): string {
  const dir = tempDir(name);
  const write = (file: string, body: string) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), body);
  };
  write('factline.config.json', JSON.stringify({ specs: ['specs/**/*.md'] }));
  write('specs/app.md', `# App {#root}\n\n@fact:${factId} The app does one thing. @status:spec/work\n`);
  return dir;
}

/** facts_list's answer; `isError` must be `failing`. */
async function factsListed(
  cwd: string,
  args: string[],
  env: Record<string, string>,
  failing = false,
): Promise<string> {
  const session = await connect([join(REPO, 'bin/factline.js'), 'serve', ...args], { cwd, env });
  try {
    const result = await session.client.callTool({ name: 'facts_list', arguments: {} });
    expect(result.isError === true).toBe(failing);
    return text(result);
  } finally {
    await session.close();
  }
}

describe('serve takes its project from FACTLINE_CONFIG', () => {
  // @verifies adoption#SERVE-CONFIG-FROM-ENV
  it('a config file or its directory, from an unrelated working directory; --config wins', async () => {
    const app = project('serve-env-app', 'APP-FROM-ENV');
    const other = project('serve-env-other', 'OTHER-FROM-FLAG');
    const elsewhere = tempDir('serve-env-cwd');

    const byFile = await factsListed(elsewhere, [], { FACTLINE_CONFIG: join(app, 'factline.config.json') });
    expect(byFile).toContain('app#APP-FROM-ENV');
    const byDir = await factsListed(elsewhere, [], { FACTLINE_CONFIG: app });
    expect(byDir).toContain('app#APP-FROM-ENV');
    const flagWins = await factsListed(elsewhere, ['--config', join(other, 'factline.config.json')], {
      FACTLINE_CONFIG: app,
    });
    expect(flagWins).toContain('app#OTHER-FROM-FLAG');
    expect(flagWins).not.toContain('APP-FROM-ENV');
  });

  // @verifies adoption#SERVE-CONFIG-FROM-ENV
  // @verifies serve#SERVE-WITHOUT-PROJECT-TOOLS-SAY-WHY
  it('a FACTLINE_CONFIG that names nothing: the session opens and each tool says where the path came from', async () => {
    const elsewhere = tempDir('serve-env-cwd');
    const said = await factsListed(elsewhere, [], { FACTLINE_CONFIG: join(elsewhere, 'nope.json') }, true);
    expect(said).toMatch(/cannot read config .*nope\.json.*\(the path comes from FACTLINE_CONFIG\)/);
    expect(said).toContain('then restart the server');
  });
});
