/**
 * The fact digest (reader/text.ts digestOf) against coreutils' sha256sum
 * over the same UTF-8 bytes: generated texts from every Unicode plane, with
 * lone surrogates and each kind of line end, written to files and hashed by
 * one sha256sum run.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestOf } from '../../../reader/text.ts';
import { tempDir } from '../../support/temp.ts';

const hasSha256sum = spawnSync('sha256sum', ['--version']).status === 0;

describe('the fact digest', () => {
  // @verifies reader#DIGEST-IN-ONE-CALL
  // @verifies reader#READ-DIGEST
  it.skipIf(!hasSha256sum)('is what sha256sum prints for the text as UTF-8, on generated texts', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      // Lone halves of a surrogate pair, and a pair split by a word.
      fc.constantFrom('\ud800', '\udfff', 'a\udc00b', '\ud83d x \ude00', '\r\n', '\r', '\n', '\u2028', ''),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
    );
    const texts = fc.sample(
      fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
      400,
    );
    texts.push('', 'a', 'x'.repeat(100_000), 'é'.repeat(70_000));
    const dir = tempDir('digest-oracle');
    const files = texts.map((text, i) => {
      const file = join(dir, `t${i}`);
      writeFileSync(file, Buffer.from(text, 'utf8'));
      return file;
    });
    const run = spawnSync('sha256sum', files, { encoding: 'utf8', maxBuffer: 1 << 26 });
    expect(run.status).toBe(0);
    const printed = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.slice(0, 64));
    expect(printed).toHaveLength(texts.length);
    const differing = texts.filter((text, i) => digestOf(text) !== printed[i]);
    expect(differing).toEqual([]);
  });
});
