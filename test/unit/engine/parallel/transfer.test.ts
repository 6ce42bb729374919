/**
 * The packed form the scan worker posts its chunks in (engine/parallel/transfer.ts):
 * what the main thread unpacks is what the worker scanned, field for field,
 * on real scans of this repository and the shared corpus, and on citations
 * carrying every optional field.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isScannable, scanFile } from '../../../../checks/scan/index.ts';
import type { ScannedCitation } from '../../../../checks/scan/types.ts';
import { packChunk, unpackChunk } from '../../../../engine/parallel/transfer.ts';
import { filesUnder } from '../../../support/files-under.ts';

const REPO = resolve(import.meta.dirname, '..', '..', '..', '..');

/** Each citation as its [field, value] pairs by field name: a field set to undefined differs from one left out. */
const fields = (found: (ScannedCitation[] | null)[]) =>
  found.map((list) => list?.map((c) => Object.entries(c).sort(([a], [b]) => (a < b ? -1 : 1))) ?? null);

describe('the scan worker’s packed chunks', () => {
  // @verifies engine#COMPACT-TRANSFER
  it('unpack to exactly the scanned citations, field for field and in order, with vanished files kept as such', () => {
    const files = [
      ...['checks', 'cli', 'engine', 'reader', 'generator', 'generated', 'test', 'templates'].flatMap((d) =>
        filesUnder(join(REPO, d), isScannable),
      ),
      ...filesUnder(resolve(REPO, '..', 'shared', 'corpus'), isScannable),
    ];
    const found: (ScannedCitation[] | null)[] = files.map((file) =>
      scanFile(relative(REPO, file), readFileSync(file, 'utf8')),
    );
    found.splice(3, 0, null);
    const citations = found.reduce((n, list) => n + (list?.length ?? 0), 0);
    expect(citations).toBeGreaterThan(800);
    const unpacked = unpackChunk(packChunk(found));
    expect(fields(unpacked)).toEqual(fields(found));
    expect(unpacked[3]).toBeNull();
  });

  // @verifies engine#COMPACT-TRANSFER
  it('carries every optional field: doc, pin, uri, reason, malformed, symbol, test name, in-test either way, covers', () => {
    const full: ScannedCitation = {
      verb: 'scope',
      ref: 'spec://acme/net#PING~r2',
      id: 'PING',
      offset: 17,
      line: 3,
      column: 5,
      doc: 'net',
      pin: 'r2',
      uri: 'spec://acme/net#PING~r2',
      reason: 'the "x" case',
      malformed: 'an odd reference',
      symbol: 'mod net > fn ping',
      testName: 'pings',
      inTest: false,
      covers: ['fn a', 'fn b'],
    };
    const bare: ScannedCitation = {
      verb: 'verifies',
      ref: 'PING',
      id: 'PING',
      offset: 0,
      line: 1,
      column: 1,
    };
    const found = [[full, bare, { ...bare, inTest: true }], [], null];
    expect(fields(unpackChunk(packChunk(found)))).toEqual(fields(found));
    expect(unpackChunk(packChunk(found))[0]![0]).toEqual(full);
  });
});
