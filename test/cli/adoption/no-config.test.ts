/** A directory factline was never set up in: every command that reads specs says `init`, once. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

const SPEC_READERS = [['facts'], ['lint'], ['check'], ['baseline'], ['explain', 'X'], ['gen'], ['report']];

describe('no config, no spec', () => {
  // @verifies adoption#NO-CONFIG-NO-SPEC
  it.each(SPEC_READERS)('`%s` exits 2 with one line naming `factline init`', async (...args) => {
    const dir = tempDir('no-config');
    // Sources alone are not a project: without a spec there is nothing to gate.
    writeFileSync(join(dir, 'index.ts'), '// @implements mcp-core#JSONRPC-FRAMING\nexport {};\n');
    const r = await runInProcess(dir, args);
    expect(r.code).toBe(2);
    const errorLines = r.stderr
      .trimEnd()
      .split('\n')
      .filter((l) => !/\[\d\/\d\]/.test(l)); // report's progress lines
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toContain('run `npx factline init`');
    expect(r.stdout).not.toContain('mcp-core');
  });

  // @verifies adoption#NO-CONFIG-NO-SPEC
  it('a config whose globs match nothing is the same usage error, naming the config', async () => {
    const dir = tempDir('no-config');
    writeFileSync(join(dir, 'factline.config.json'), '{"specs": ["requirements/**/*.md"]}\n');
    mkdirSync(join(dir, 'specs'));
    writeFileSync(join(dir, 'specs', 'ignored.md'), '# I\n\n@fact:A-FACT text. @status:impl/done\n');
    const r = await runInProcess(dir, ['check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no spec matches requirements\/\*\*\/\*\.md .*factline\.config\.json `specs`/);
    expect(r.stderr).toContain('`npx factline init`');
  });
});
