/**
 * An uncached `check` of a tree large enough for its files to be read on a
 * helper thread (engine/files/read-ahead.ts) prints what the same run with
 * the helper off prints, green or red.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READ_AHEAD_MIN_FILES } from '../../../engine/files/read-ahead.ts';
import { runInProcess } from '../../support/cli.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

/** A project of READ_AHEAD_MIN_FILES + 50 files: every twentieth a test verifying the fact the file ten after it implements. */
function project(): string {
  const dir = tempDir('read-ahead-cli');
  const count = READ_AHEAD_MIN_FILES + 50;
  const facts: string[] = [];
  const files: Record<string, string> = {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['src/**/*.test.ts'],
    }),
  };
  for (let i = 0; i < count; i++) {
    const test = i % 20 === 0;
    const cites = i % 20 === 10;
    if (cites) facts.push(`@fact:F-${i} Fact ${i}. @status:impl/done\n`);
    const name = `src/m${i % 13}/f${i}${test ? '.test' : ''}.ts`;
    files[name] =
      test && i + 10 < count
        ? `it('case ${i}', () => {\n  // @verifies app#F-${i + 10}\n});\n`
        : `export const v${i} = ${i};\n${cites ? `// @implements app#F-${i}\n` : ''}`;
  }
  files['specs/app.md'] = `# App\n\n${facts.join('\n')}`;
  writeFiles(dir, files);
  return dir;
}

describe('check --no-cache with its files read on a helper thread', () => {
  // @verifies engine#READS-ON-A-HELPER
  it('prints what the run with the helper off prints, on a green tree and after a citation is mistyped', async () => {
    const dir = project();
    const run = (env: NodeJS.ProcessEnv) => runInProcess(dir, ['check', '--json', '--no-cache'], { env });
    const helped = await run({});
    const alone = await run({ FACTLINE_SCAN_POOL: 'off' });
    expect(helped).toEqual(alone);
    expect(helped.code).toBe(0);
    writeFileSync(join(dir, 'src/m0/f130.ts'), 'export const v130 = 130;\n// @implements app#F-13O\n');
    const red = await run({});
    expect(red).toEqual(await run({ FACTLINE_SCAN_POOL: 'off' }));
    expect(red.code).toBe(1);
    expect(red.stdout).toContain('F-13O');
  }, 60_000);
});
