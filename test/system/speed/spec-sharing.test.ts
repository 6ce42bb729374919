/**
 * The spec reading shared with the scan worker (engine/specs.ts readShared,
 * engine/parallel/pool.ts shareSpecs, engine/parallel/worker.ts readSpecs):
 * specs the worker read and parsed give, in file order, the texts and
 * documents this thread's own reading gives (the oracle: loadSpecSet without
 * the worker), on this repository's specs and the shared vibevm corpus; a
 * spec the worker leaves fails on this thread with the message a run
 * without the worker gives.
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../engine/config/load.ts';
import { type SharedSpecs, type SpecFile, startScanPool } from '../../../engine/parallel/pool.ts';
import { type LoadedSpecs, loadSpecSet, MAX_SPEC_BYTES } from '../../../engine/specs.ts';
import { REPO } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

const CORPUS = join(REPO, '..', 'shared', 'corpus', 'vibevm');

const io = (cwd: string) => ({ cwd, env: {}, stdout: process.stdout, stderr: process.stderr });

/** A project holding this repository's specs and, when present, the shared corpus's Markdown specs. */
function project(): string {
  const dir = tempDir('spec-sharing');
  cpSync(join(REPO, 'specs'), join(dir, 'specs'), { recursive: true });
  if (existsSync(CORPUS)) cpSync(CORPUS, join(dir, 'specs', 'corpus'), { recursive: true });
  writeFileSync(join(dir, 'factline.config.json'), JSON.stringify({ specs: ['specs/**/*.md'] }));
  return dir;
}

/** The specs loaded with a worker of its own; `mineToo`: whether this thread claims specs as well (else the worker reads all). */
async function withWorker(
  dir: string,
  mineToo: boolean,
): Promise<{ loaded: LoadedSpecs | Error; read: number }> {
  const pool = startScanPool(dir, []);
  let read = 0;
  const share = (specs: SpecFile[]): SharedSpecs => {
    const shared = pool.shareSpecs(specs);
    return {
      claim: mineToo ? shared.claim : () => undefined,
      done: async () => {
        const theirs = await shared.done();
        read = [...theirs.values()].filter((v) => v !== 'redo').length;
        return theirs;
      },
    };
  };
  try {
    const loaded = await loadSpecSet(io(dir), loadConfig(dir), [], undefined, share).catch((e: Error) => e);
    return { loaded, read };
  } finally {
    pool.close();
  }
}

const view = (loaded: LoadedSpecs) => JSON.stringify({ set: loaded.set, sources: [...loaded.sources] });

describe('specs read on the scan worker', () => {
  // @verifies engine#SPECS-SHARED-WITH-THE-WORKER
  it('gives the documents and texts this thread reads, in file order, when the worker reads every spec', async () => {
    const dir = project();
    const alone = await loadSpecSet(io(dir), loadConfig(dir), []);
    expect(alone.set.documents.length).toBeGreaterThan(20);
    const { loaded, read } = await withWorker(dir, false);
    expect(read).toBe(alone.set.documents.length);
    expect(view(loaded as LoadedSpecs)).toBe(view(alone));
    // Both threads claiming: which read which is a race; the result is the same.
    const both = await withWorker(dir, true);
    expect(view(both.loaded as LoadedSpecs)).toBe(view(alone));
  }, 120_000);

  // @verifies engine#SPECS-SHARED-WITH-THE-WORKER
  it('leaves a spec it cannot take to this thread, which fails on it as a run without the worker does', async () => {
    const dir = tempDir('spec-sharing-huge');
    mkdirSync(join(dir, 'specs'));
    writeFileSync(join(dir, 'factline.config.json'), JSON.stringify({ specs: ['specs/**/*.md'] }));
    writeFileSync(join(dir, 'specs', 'a.md'), '# A\n\n@fact:ONE One. @status:impl/done\n');
    writeFileSync(join(dir, 'specs', 'b.md'), `# B\n\n${'x'.repeat(MAX_SPEC_BYTES)}\n`);
    writeFileSync(join(dir, 'specs', 'c.md'), '# C\n\n@fact:TWO Two. @status:impl/done\n');
    const alone = await loadSpecSet(io(dir), loadConfig(dir), []).catch((e: Error) => e);
    expect(alone).toBeInstanceOf(Error);
    expect((alone as Error).message).toMatch(/specs\/b\.md.* MiB, over the 16 MiB/);
    const { loaded, read } = await withWorker(dir, false);
    // The worker read the two it could; the one it left failed here, with the same message.
    expect(read).toBe(2);
    expect(loaded).toBeInstanceOf(Error);
    expect((loaded as Error).message).toBe((alone as Error).message);
  }, 60_000);
});
