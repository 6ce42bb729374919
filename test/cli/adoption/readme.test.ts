/** The README's adoption promises, held to what the CLI does. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';

const README = readFileSync(join(REPO, 'README.md'), 'utf8');

describe('the README', () => {
  it('its first screen says how to install, start and gate in CI', () => {
    const firstScreen = README.split('\n').slice(0, 45).join('\n');
    expect(firstScreen).toMatch(/npm install --save-dev \S+\.tgz/);
    expect(firstScreen).toContain('git+https://');
    expect(firstScreen).toContain('npx factline init');
    expect(firstScreen).toContain('npx factline check');
    expect(firstScreen).toMatch(/npx factline check --results \S+ --sarif \S+ --junit\s+\S+/);
    // This repository's own two commands stay at the top too.
    expect(firstScreen).toContain('npm ci && npx factline gen && npx factline check');
    expect(firstScreen).toContain('npm test');
  });

  // @verifies adoption#DOCS-LINKED-FROM-README
  it('its first screen links every guide in docs/', () => {
    const firstScreen = README.split('\n').slice(0, 45).join('\n');
    const guides = readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md'));
    expect(guides.length).toBeGreaterThanOrEqual(6);
    for (const guide of guides) expect(firstScreen, guide).toContain(`](docs/${guide})`);
  });

  // @verifies adoption#SERVE-CONFIG-FROM-ENV
  it('its host snippet runs the installed bin by absolute path and names the project in FACTLINE_CONFIG', () => {
    const section = README.slice(README.indexOf('## factline as an MCP server'));
    const json = /```json\n([\s\S]*?)```/.exec(section)?.[1];
    const host = JSON.parse(json!).mcpServers.factline;
    expect(host.command).toMatch(/^\/.*\/node_modules\/\.bin\/factline$/);
    expect(host.args).toEqual(['serve']);
    expect(host.env.FACTLINE_CONFIG).toMatch(/^\//);
  });
});
