/**
 * The gate's caches are never trusted blindly: whatever happens to the files
 * in the project's cache folder, a cached run gives the verdict of `--no-cache`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTERS } from '../../../../checks/reporters/index.ts';
import type { CliIO } from '../../../../cli/io.ts';
import { storedEntries } from '../../../../engine/cache/cache-file.ts';
import { SCAN_ROW, SPEC_ENTRY } from '../../../../engine/cache/entry-shapes.ts';
import { decodeRow } from '../../../../engine/cache/scan-cache.ts';
import { loadConfig } from '../../../../engine/config/load.ts';
import { checkShape, explainShape, fitsShape, shapes } from '../../../../engine/config/shape.ts';
import { Project } from '../../../../engine/project.ts';
import { parseSpec } from '../../../../reader/index.ts';
import { sealCacheBody } from '../../../support/cache-seal.ts';
import { cacheDirOf, runInProcess } from '../../../support/cli.ts';

let dir: string;
const CACHES = ['scan-v6.json', 'specs-v5.json'];
const cachePath = (name: string) => join(cacheDirOf(dir)!, name);

/** A red project: DELTA is required and uncited, GAMMA's pin is stale, one citation names an unknown fact. */
function writeProject(root: string): void {
  mkdirSync(join(root, 'specs'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'test'));
  writeFileSync(
    join(root, 'specs', 'doc.md'),
    [
      '# Doc',
      '',
      '@status:impl/done',
      '',
      '## Part {#part}',
      '',
      '@fact:ALPHA Alpha holds.',
      '',
      '@fact:BETA Beta holds. @status:impl/done',
      '',
      '@fact:GAMMA Gamma holds.',
      '',
      '@fact:DELTA Delta holds.',
      '',
      '@fact:EPS Eps is planned. @status:impl/plan',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(root, 'src', 'a.ts'),
    [
      '// @implements doc#ALPHA',
      'export function alpha() {}',
      'export class B {',
      '  // @implements doc#BETA',
      '  beta() {}',
      '}',
      '// @implements doc#GAMMA~00000000',
      'export const gamma = 1;',
      '// @implements doc#NOPE',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(root, 'test', 'a.test.ts'),
    "it('works', async () => {\n  // @verifies doc#ALPHA\n  // @verifies doc#BETA\n  // @verifies doc#GAMMA\n});\n",
  );
}

function quietIO(): CliIO & { err: string[] } {
  const err: string[] = [];
  const sink = {
    write: (s: string) => {
      err.push(s);
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  return { cwd: dir, env: {}, stdout: sink, stderr: sink, err };
}

async function verdict(cache: boolean): Promise<{ json: string; err: string[] }> {
  const io = quietIO();
  const { result } = await new Project(io, loadConfig(dir)).check({ cache });
  return { json: REPORTERS.json(result), err: io.err };
}

let uncached: string;
const pristine = new Map<string, Buffer>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'factline-cache-'));
  writeProject(dir);
  // Files older than the racy window: the cache vouches for them by stat, the path most runs take.
  await new Promise((r) => setTimeout(r, 2_300));
  uncached = (await verdict(false)).json;
  await verdict(true);
  for (const name of CACHES) pristine.set(name, readFileSync(cachePath(name)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function restore(): void {
  for (const [n, bytes] of pristine) writeFileSync(cachePath(n), bytes);
}

/** Rewrites a cache file's body and gives it a valid checksum, as a careless tool might. */
function reseal(name: string, edit: (body: string) => string): void {
  const raw = readFileSync(cachePath(name), 'utf8');
  writeFileSync(cachePath(name), sealCacheBody(raw, edit(raw.slice(raw.indexOf('\n') + 1))));
}

describe('the gate cache', () => {
  // @verifies engine#CACHE-NEVER-TRUSTED-BLINDLY
  it('a state flipped inside the spec cache keeps the gate red, says so once and repairs the file (real CLI)', async () => {
    const before = await runInProcess(dir, ['check', '--json', '--no-cache']);
    expect(before.code).toBe(1);
    await runInProcess(dir, ['check', '--json']);
    const file = cachePath('specs-v5.json');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"state":"done"', '"state":"don["'));
    const damaged = await runInProcess(dir, ['check', '--json']);
    expect(damaged.code).toBe(1);
    expect(damaged.stdout).toBe(before.stdout);
    expect(damaged.stderr).toMatch(
      /^factline: discarding the cache \/.+\/specs-v5\.json \(checksum mismatch\); rebuilding it\n$/,
    );
    const next = await runInProcess(dir, ['check', '--json']);
    expect(next.code).toBe(1);
    expect(next.stdout).toBe(before.stdout);
    expect(next.stderr).toBe('');
  });

  // @verifies engine#CACHE-NEVER-TRUSTED-BLINDLY
  it('an entry of the wrong shape under a valid checksum and fingerprint is discarded, not a TypeError', async () => {
    for (const [name, edit, touch] of [
      ['specs-v5.json', (b: string) => b.replace(/"facts":\[/, '"facts":[7,')],
      ['specs-v5.json', (b: string) => b.replace(/"facts":\[/, '"facts":null,"was":[')],
      ['scan-v6.json', (b: string) => b.replace(/\[\[0,/, '[[9,')],
      ['scan-v6.json', (b: string) => b.replace(/\[\[0,0,"ALPHA"/, '[[0,0,null')],
      // Well formed, but not what the file says: a forged row citing DELTA, caught when the
      // file is read (here: touched, so its stat no longer vouches for it).
      ['scan-v6.json', (b: string) => b.replace('"NOPE"', '"DELTA"'), 'src/a.ts'],
    ] as const) {
      restore();
      reseal(name, edit);
      if (touch !== undefined) utimesSync(join(dir, touch), new Date(), new Date());
      const run = await verdict(true);
      expect(run.json, name).toBe(uncached);
      expect(run.err.join(''), name).toMatch(
        /^factline: discarding the cache \/.+\/[a-z0-9-]+\.json \(.+\); rebuilding it\n$/,
      );
      expect((await verdict(true)).err, name).toEqual([]);
    }
  });

  // @verifies engine#CACHE-NEVER-TRUSTED-BLINDLY
  it('any random damage to either cache file gives the --no-cache output byte for byte (property, 1,000 cases in CI)', async () => {
    const damage = fc.record({
      name: fc.constantFrom(...CACHES),
      kind: fc.constantFrom('flip', 'truncate', 'insert', 'delete', 'swap-files'),
      at: fc.nat(),
      byte: fc.integer({ min: 0, max: 255 }),
    });
    await fc.assert(
      fc.asyncProperty(damage, async ({ name, kind, at: seed, byte }) => {
        restore();
        const bytes = pristine.get(name)!;
        const at = seed % bytes.length;
        const before = bytes.subarray(0, at);
        const out =
          kind === 'flip'
            ? Buffer.concat([before, Buffer.from([bytes[at]! ^ (byte || 1)]), bytes.subarray(at + 1)])
            : kind === 'truncate'
              ? before
              : kind === 'insert'
                ? Buffer.concat([before, Buffer.from([byte]), bytes.subarray(at)])
                : kind === 'delete'
                  ? Buffer.concat([before, bytes.subarray(at + 1)])
                  : pristine.get(CACHES.find((n) => n !== name)!)!;
        writeFileSync(cachePath(name), out);
        const damaged = await verdict(true);
        expect(damaged.json).toBe(uncached);
        expect(damaged.err).toHaveLength(1);
        const next = await verdict(true);
        expect(next.json).toBe(uncached);
        expect(next.err).toEqual([]);
      }),
      { numRuns: process.env.CI ? 1000 : 150 },
    );
  }, 300_000);

  // @verifies engine#CACHE-NEVER-TRUSTED-BLINDLY
  it('a byte changed under a recomputed checksum never crashes the gate nor turns it green', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CACHES),
        fc.nat(),
        fc.integer({ min: 32, max: 126 }),
        async (name, seed, byte) => {
          restore();
          reseal(name, (body) => {
            const i = seed % body.length;
            return body.slice(0, i) + String.fromCharCode(byte) + body.slice(i + 1);
          });
          const damaged = await verdict(true);
          expect(JSON.parse(damaged.json).summary.findings.error).toBeGreaterThan(0);
          expect(damaged.err.length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: process.env.CI ? 300 : 60 },
    );
  }, 300_000);

  // @verifies engine#CHEAP-VALIDATION
  it('an entry is checked when it is used: a damaged entry of a file no longer listed costs no warning and drops out', async () => {
    restore();
    // A line of two fields for a file no longer listed: never taken apart.
    reseal('scan-v6.json', (b) => b.replace('\n', '\n"src/gone.ts"\t7\n'));
    const run = await verdict(true);
    expect(run.json).toBe(uncached);
    expect(run.err).toEqual([]);
    expect(readFileSync(cachePath('scan-v6.json'), 'utf8')).not.toContain('src/gone.ts');
  });

  // @verifies engine#LAZY-CACHE-LINES
  it('decodes no value it does not use, and writes the entries it did not change back as the lines it read', async () => {
    restore();
    const before = storedEntries(dir, 'scan-v6')!;
    reseal('scan-v6.json', (b) => b.replace('\n', '\n"src/other.ts"\t\tx\tnot JSON at all\n'));
    const run = await verdict(true);
    expect(run.json).toBe(uncached);
    expect(run.err).toEqual([]);
    // The unused entry dropped out, so the file was rewritten, with the untouched test file's line as it was.
    const raw = readFileSync(cachePath('scan-v6.json'), 'utf8');
    expect(raw).not.toContain('src/other.ts');
    const line = (text: string) => text.split('\n').find((l) => l.startsWith('"test/a.test.ts"\t'));
    expect(line(raw)).toBeDefined();
    expect(line(raw)).toBe(line(pristine.get('scan-v6.json')!.toString('utf8')));
    expect(storedEntries(dir, 'scan-v6')?.get('test/a.test.ts')).toEqual(before.get('test/a.test.ts'));
  });

  // @verifies engine#COMPILED-SHAPE-CHECK
  it('the compiled shape check accepts exactly what the explaining check accepts, on real spec documents mutated at random (property)', () => {
    const specsDir = join(import.meta.dirname, '../../../../specs');
    const entries = ['engine.md', 'scanner.md', 'cli.md'].map((name) => {
      const file = `specs/${name}`;
      const doc = name.replace(/\.md$/, '');
      // As the spec cache stores it: the JSON of `{doc, document}` read back.
      const document = parseSpec(readFileSync(join(specsDir, name), 'utf8'), { file, doc });
      return JSON.parse(JSON.stringify({ doc, document })) as unknown;
    });
    for (const entry of entries) expect(fitsShape(entry, SPEC_ENTRY)).toBe(true);
    /** A copy of `value` with the thing at a random place replaced, deleted, or joined by an unknown key. */
    const mutate = (value: unknown, picks: number[], replacement: unknown, how: number): unknown => {
      const copy = structuredClone(value) as Record<string, unknown>;
      let node: Record<string, unknown> = copy;
      for (const pick of picks) {
        const keys = Object.keys(node);
        if (keys.length === 0) break;
        const key = keys[pick % keys.length]!;
        const next = node[key];
        if (next === null || typeof next !== 'object' || pick % 7 === 0) {
          if (how === 0) delete node[key];
          else if (how === 1) node[key] = replacement;
          else (node as Record<string, unknown>).unknownKey = replacement;
          return copy;
        }
        node = next as Record<string, unknown>;
      }
      node[how === 2 ? 'unknownKey' : 'id'] = replacement;
      return copy;
    };
    let rejected = 0;
    fc.assert(
      fc.property(
        fc.nat(entries.length - 1),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.oneof(fc.jsonValue(), fc.constantFrom('', 0, -1, 1.5, 'impl', 'paragraph', 'done', [], {})),
        fc.nat(2),
        (which, picks, replacement, how) => {
          const value = mutate(entries[which], picks, replacement, how);
          const fits = fitsShape(value, SPEC_ENTRY);
          if (!fits) rejected++;
          expect(fits).toBe(explainShape(value, SPEC_ENTRY, '') === undefined);
        },
      ),
      { numRuns: 3_000 },
    );
    // The mutations reach the checks that reject: not every mutated document still fits.
    expect(rejected).toBeGreaterThan(300);
  });

  // @verifies engine#CHEAP-VALIDATION
  it("the fast shape check, and the scan cache's decoding check, accept exactly what the explaining check accepts (property)", () => {
    const row = fc.array(
      fc.oneof(fc.constantFrom(0, 1, 3, 9, -1, 1.5), fc.string({ maxLength: 3 }), fc.constant(null)),
      {
        maxLength: 16,
      },
    );
    const candidates = [SCAN_ROW, SPEC_ENTRY, shapes.array(SCAN_ROW)];
    fc.assert(
      fc.property(fc.oneof(row, fc.array(row, { maxLength: 3 }), fc.jsonValue()), fc.nat(2), (value, i) => {
        const shape = candidates[i]!;
        expect(fitsShape(value, shape)).toBe(checkShape(value, shape) === undefined);
        // The scan cache decodes and checks a row in one pass: it accepts exactly the rows of SCAN_ROW's shape.
        expect(decodeRow(value) !== undefined).toBe(fitsShape(value, SCAN_ROW));
      }),
      { numRuns: 2_000 },
    );
    restore();
    const stored = storedEntries(dir, 'scan-v6')!;
    expect([...stored.keys()].sort()).toEqual(['src/a.ts', 'test/a.test.ts']);
    for (const { stat, contentHash, text } of stored.values()) {
      expect(stat).toMatch(/^\d+:[\d.]+:[\d.]+:\d+$/);
      expect(contentHash).toMatch(/^[A-Za-z0-9+/]{27}=$/);
      const rows: unknown = JSON.parse(text);
      expect(fitsShape(rows, shapes.array(SCAN_ROW))).toBe(true);
      for (const row of rows as unknown[]) expect(decodeRow(row)).toBeDefined();
    }
  });
});
