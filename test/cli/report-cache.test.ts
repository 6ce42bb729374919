/**
 * `factline report` with the gate's caches (the page renders the specs
 * itself, so nothing of the page is cached). In-process through runCli, in
 * temp projects (each its own cache folder, keyed by its path).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPageSpecs } from '../../checks/reporters/html/embed.ts';
import { storedEntries } from '../../engine/cache/cache-file.ts';
import { runInProcess } from '../support/cli.ts';
import { tempProject } from '../support/temp.ts';

function project(): string {
  return tempProject({
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'specs/alpha.md':
      '# Alpha {#root}\n\n## Part {#part}\n\n@fact:ALPHA-ONE It holds. @status:impl/done\n\n- @fact:ALPHA-TWO A listed fact with `code` and **strong** text.\n',
    'specs/beta.md':
      '# Beta\n\n| a | b |\n|---|---|\n| @fact:BETA-CELL cell | x |\n\n<div onclick="x()">raw</div>\n',
    'src/a.ts': '// @implements alpha#ALPHA-ONE\nexport const a = 1;\n',
  });
}

async function report(root: string, out: string, ...flags: string[]): Promise<string> {
  const run = await runInProcess(root, ['report', '--quiet', '--out', out, ...flags]);
  expect(run.code, run.stderr).toBe(0);
  return readFileSync(join(root, out), 'utf8');
}

describe('factline report and its caches', () => {
  // @verifies report#REPORT-USES-GATE-CACHES
  it("fills check's caches as check does, and with --no-cache reads and writes none", async () => {
    const cold = project();
    await report(cold, 'cold.html', '--no-cache');
    for (const name of ['scan-v6', 'specs-v5']) expect(storedEntries(cold, name), name).toBeUndefined();

    const root = project();
    const page = await report(root, 'page.html');
    expect([...(storedEntries(root, 'specs-v5')?.keys() ?? [])].sort()).toEqual([
      'specs/alpha.md',
      'specs/beta.md',
    ]);
    expect(storedEntries(root, 'scan-v6')?.has('src/a.ts')).toBe(true);
    // The same page as the uncached project's: the caches change how long it takes, not what it shows.
    expect(page.replaceAll(root, '')).toBe(
      readFileSync(join(cold, 'cold.html'), 'utf8').replaceAll(cold, ''),
    );
  });

  // @verifies report#REPORT-USES-GATE-CACHES
  it('writes after a spec edit, with its caches warm, the page --no-cache writes', async () => {
    const root = project();
    await report(root, 'first.html');
    const spec = join(root, 'specs', 'alpha.md');
    writeFileSync(spec, `${readFileSync(spec, 'utf8')}\n@fact:ALPHA-THREE Added. @status:impl/done\n`);
    const edited = await report(root, 'edited.html');
    expect(readPageSpecs(edited).find((s) => s.doc === 'alpha')?.text).toContain('ALPHA-THREE Added.');
    expect(edited).toBe(await report(root, 'edited-cold.html', '--no-cache'));
  });
});
