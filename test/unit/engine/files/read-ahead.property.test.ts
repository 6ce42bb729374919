/**
 * The helper that reads an uncached run's files (engine/files/read-ahead.ts),
 * held to the main thread's own read (readGateFile, Node's readFileSync) over
 * generated trees: every text, every vanished file and every failure the
 * same, whether the helper got there first or not.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readGateFile } from '../../../../engine/files/read.ts';
import { readAheadWanted, startReadAhead } from '../../../../engine/files/read-ahead.ts';
import { tempDir } from '../../../support/temp.ts';

/** What reading `file` gives: its text, undefined (vanished), or the error's words. */
function outcome(read: (file: string) => string | undefined, file: string): unknown {
  try {
    return { text: read(file) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** File contents: text of any code points (astral, lone surrogates written as UTF-8 replacement), CRLF, or raw bytes that are not UTF-8. */
const content = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }).map((s) => s.replace(/\n/g, '\r\n')),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(''),
  fc.constant('\uFEFF// @implements a#B\n'),
);

/** One listed file: written, a folder where a file was listed, vanished, or a link to a file. */
const entry = fc.oneof(
  { weight: 8, arbitrary: content.map((text) => ({ kind: 'file' as const, text })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'folder' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'vanished' as const }) },
  { weight: 1, arbitrary: content.map((text) => ({ kind: 'link' as const, text })) },
);

type Entry = { kind: 'file' | 'link'; text: string | Uint8Array } | { kind: 'folder' | 'vanished' };

/** Writes the entries under a fresh folder; returns it and the listed names, in list order. */
function tree(entries: Entry[]): { root: string; files: string[] } {
  const root = tempDir('read-ahead');
  const files: string[] = [];
  entries.forEach((e, i) => {
    const name = `src/d${i % 7}/f${String(i).padStart(4, '0')}.ts`;
    files.push(name);
    mkdirSync(join(root, name, '..'), { recursive: true });
    if (e.kind === 'file') writeFileSync(join(root, name), e.text);
    else if (e.kind === 'folder') mkdirSync(join(root, name));
    else if (e.kind === 'link') {
      writeFileSync(join(root, `${name}.target`), e.text);
      symlinkSync(join(root, `${name}.target`), join(root, name));
    }
  });
  return { root, files };
}

describe('the files of an uncached run read on a helper thread', () => {
  // @verifies engine#READS-ON-A-HELPER
  it('gives each listed file, asked in list order, what the main thread reading it gives: text, vanished or the same error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 200 }),
        fc.boolean(),
        async (entries, waitForHelper) => {
          const { root, files } = tree(entries as Entry[]);
          const expected = files.map((file) => outcome((f) => readGateFile(root, f), file));
          const ahead = startReadAhead(root, files);
          // Either the helper has read everything first, or this thread races it from the start.
          if (waitForHelper) await ahead.finished();
          const got = files.map((file) => outcome(ahead.read, file));
          ahead.close();
          expect(got).toEqual(expected);
          if (waitForHelper) {
            // Every readable file came from the helper; the others were read here, as without it.
            const readable = expected.filter(
              (e) => typeof (e as { text?: unknown }).text === 'string',
            ).length;
            expect(ahead.fromHelper).toBe(readable);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  // @verifies engine#READS-ON-A-HELPER
  it('gives the text as it is when read, for a file asked out of list order or asked twice', async () => {
    const { root, files } = tree([
      { kind: 'file', text: 'one' },
      { kind: 'file', text: 'two' },
      { kind: 'file', text: 'three' },
    ]);
    const ahead = startReadAhead(root, files);
    await ahead.finished();
    // Out of order: read here, from disk as it is now.
    writeFileSync(join(root, files[2]!), 'three, edited');
    expect(ahead.read(files[2]!)).toBe('three, edited');
    expect(ahead.read(files[0]!)).toBe('one');
    expect(ahead.read(files[0]!)).toBe('one');
    rmSync(join(root, files[1]!));
    // In order again: the helper's text, read before the removal.
    expect(ahead.read(files[1]!)).toBe('two');
    ahead.close();
  });

  // @verifies engine#READS-ON-A-HELPER
  it('keeps at most its limit of messages posted and not taken, and goes on as they are taken', async () => {
    // 64 files a message: 20 messages' worth, the helper allowed 2 ahead.
    const { root, files } = tree(
      Array.from({ length: 64 * 20 }, (_, i) => ({ kind: 'file', text: `f${i}` })),
    );
    const ahead = startReadAhead(root, files, 2);
    const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
    // However slow the helper is to start: once it has posted two, it posts no more until one is taken.
    for (let waited = 0; ahead.posted < 2 && waited < 20_000; waited += 20) await sleep(20);
    await sleep(300);
    expect(ahead.posted).toBe(2);
    const got = files.map((file) => ahead.read(file));
    expect(got).toEqual(files.map((_, i) => `f${i}`));
    // The two it had read came from it; the rest as it went on, or read here.
    expect(ahead.fromHelper).toBeGreaterThanOrEqual(128);
    ahead.close();
  });

  // @verifies engine#READS-ON-A-HELPER
  it('is wanted for 1,000 files or more on more than one core, never on one core or when turned off, and always when asked', () => {
    expect(readAheadWanted('auto', 1_000, 2)).toBe(true);
    expect(readAheadWanted('auto', 999, 2)).toBe(false);
    expect(readAheadWanted('auto', 100_000, 1)).toBe(false);
    expect(readAheadWanted('off', 100_000, 8)).toBe(false);
    expect(readAheadWanted('always', 1, 1)).toBe(true);
    expect(readAheadWanted('always', 0, 8)).toBe(false);
  });
});
