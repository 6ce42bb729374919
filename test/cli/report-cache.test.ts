/**
 * `factline report` with the caches: the gate's, and each document's rendered
 * markup kept by digest. In-process through runCli, in temp projects (each
 * its own cache folder, keyed by its path).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpecMarkup } from '../../checks/reporters/html/embed.ts';
import { CacheFile, storedEntries } from '../../engine/cache/cache-file.ts';
import { cacheDirOf, runInProcess } from '../support/cli.ts';
import { tempProject } from '../support/temp.ts';

const MARKUP_CACHE = 'markup-v1';

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

/** Replaces the markup stored for `file`, keeping the digest it was stored under (as if that rendering had given it). */
function storeMarkup(root: string, cacheDir: string, file: string, value: string): void {
  const stored = storedEntries(root, MARKUP_CACHE)?.get(file);
  expect(stored, `no markup stored for ${file}`).toBeDefined();
  const cache = CacheFile.open(cacheDir, MARKUP_CACHE, join('checks', 'reporters'));
  for (const key of cache.keys()) if (key !== file) cache.keep(key);
  cache.set(file, stored!.stat, stored!.contentHash, value);
  cache.save();
}

describe('factline report and its caches', () => {
  // @verifies report#REPORT-MARKUP-KEPT-BY-DIGEST
  it('takes an unchanged document from the cache, renders a changed one again, and writes the page --no-cache writes', async () => {
    const root = project();
    const cacheDir = cacheDirOf(root)!;
    const first = await report(root, 'first.html');
    expect([...(storedEntries(root, MARKUP_CACHE)?.keys() ?? [])].sort()).toEqual([
      'specs/alpha.md',
      'specs/beta.md',
    ]);
    // A second run over the same inputs: byte for byte the page of a run that renders everything.
    expect(await report(root, 'second.html')).toBe(first);
    expect(await report(root, 'cold.html', '--no-cache')).toBe(first);

    // The stored markup is what the page shows while the document's inputs are unchanged: alpha is not rendered again.
    storeMarkup(root, cacheDir, 'specs/alpha.md', JSON.stringify('<p>kept from the cache</p>'));
    const kept = readSpecMarkup(await report(root, 'kept.html'));
    expect(kept).toContain('<p>kept from the cache</p>');
    expect(kept).toContain('data-fact="beta#BETA-CELL"');

    // An edit to the document changes its digest: rendered afresh, as a cold run renders it.
    writeFileSync(
      join(root, 'specs', 'alpha.md'),
      `${readFileSync(join(root, 'specs', 'alpha.md'), 'utf8')}\n@fact:ALPHA-THREE Added. @status:impl/done\n`,
    );
    const edited = await report(root, 'edited.html');
    expect(readSpecMarkup(edited)).not.toContain('kept from the cache');
    expect(readSpecMarkup(edited)).toContain('data-fact="alpha#ALPHA-THREE"');
    expect(edited).toBe(await report(root, 'edited-cold.html', '--no-cache'));
  });

  // @verifies report#REPORT-MARKUP-KEPT-BY-DIGEST
  it('renders afresh, and says so, a document whose stored markup is damaged', async () => {
    const root = project();
    const first = await report(root, 'first.html');
    storeMarkup(root, cacheDirOf(root)!, 'specs/beta.md', '<p>not a JSON string</p>');
    const run = await runInProcess(root, ['report', '--out', 'again.html', '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/discarding the cache .*markup-v1\.json .*specs\/beta\.md/);
    expect(readFileSync(join(root, 'again.html'), 'utf8')).toBe(first);
  });

  // @verifies report#REPORT-USES-GATE-CACHES
  it("fills check's caches as check does, and with --no-cache reads and writes none", async () => {
    const cold = project();
    await report(cold, 'cold.html', '--no-cache');
    for (const name of ['scan-v6', 'specs-v5', MARKUP_CACHE])
      expect(storedEntries(cold, name), name).toBeUndefined();

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
});
