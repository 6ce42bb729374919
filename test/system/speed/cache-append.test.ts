/**
 * A run that changed a few scan-cache entries appends their lines
 * (engine#CACHE-EDIT-APPENDS). Judged through the real CLI against
 * `--no-cache`, over generated sequences of edits, additions, removals and
 * touches, and with the appended tail cut short, damaged, or written by
 * another build.
 */
import { hash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sealedCacheFile } from '../../support/cache-seal.ts';
import { runFactlineSync } from '../../support/cli.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const FILES = 40;
const FACTS = 12;

/** Source i cites fact `fact` (an id past FACTS is unknown: a finding). */
const sourceText = (i: number, fact: number) => `// @implements app#F-${fact}\nexport const v${i} = ${i};\n`;

function writeProject(dir: string): void {
  const facts = Array.from({ length: FACTS }, (_, i) => `@fact:F-${i} @requires:implementation Case ${i}.\n`);
  writeFiles(dir, {
    'factline.config.json': JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'] }),
    'specs/app.md': `# App\n\n@status:impl/done\n\n${facts.join('\n')}`,
  });
  for (let i = 0; i < FILES; i++) writeFiles(dir, { [`src/f${i}.ts`]: sourceText(i, i % FACTS) });
}

/** A cached run and an uncached one: the first must print what the second prints, and nothing on stderr. */
function checkBoth(dir: string, cacheHome: string) {
  const env = { XDG_CACHE_HOME: cacheHome, FACTLINE_RESULT_CACHE: 'off', NO_COLOR: '1' };
  const cached = runFactlineSync(dir, ['check', '--json'], env);
  const cold = runFactlineSync(dir, ['check', '--json', '--no-cache'], env);
  return { cached, cold };
}

function scanCacheFile(cacheHome: string): string {
  const home = join(cacheHome, 'factline');
  const project = readdirSync(home).find((name) => name !== 'results');
  return join(home, project!, 'scan-v6.json');
}

/** The layout of a cache file: the body's length from the header, then each appended segment's head fields. */
function layout(file: string) {
  const raw = readFileSync(file);
  const newline = raw.indexOf(10);
  const head = raw.toString('latin1', 0, newline).split(' ');
  const bodyEnd = newline + 1 + Number(head[3]);
  const segments: { at: number; linesAt: number; length: number; code: string }[] = [];
  let at = bodyEnd;
  while (at < raw.length) {
    const end = raw.indexOf(10, at);
    const [, length, , code] = raw.toString('latin1', at, end).split(' ');
    segments.push({ at, linesAt: end + 1, length: Number(length), code: code! });
    at = end + 1 + Number(length);
  }
  const fingerprints = raw.toString('utf8', newline + 1, raw.indexOf(10, newline + 1)).split('\t');
  return { raw, bodyEnd, segments, code: fingerprints[1]!, ino: statSync(file).ino };
}

/** A little longer than the racy window: files older than this are vouched for by their stat. */
const settle = () => new Promise((r) => setTimeout(r, 2_300));

/**
 * A settled project with its scan cache filled (every entry under its
 * file's stat), then one source edited and checked: the cache now ends in
 * one appended segment.
 */
async function projectWithOneAppend(prefix: string) {
  const dir = tempDir(prefix);
  const cacheHome = tempDir(`${prefix}-home`);
  writeProject(dir);
  await settle();
  checkBoth(dir, cacheHome);
  writeFileSync(join(dir, 'src/f3.ts'), sourceText(3, FACTS + 1));
  const { cached, cold } = checkBoth(dir, cacheHome);
  expect(cached).toEqual(cold);
  const file = scanCacheFile(cacheHome);
  expect(layout(file).segments).toHaveLength(1);
  return { dir, cacheHome, file };
}

describe('a cache file written by another build', () => {
  // @verifies engine#ONE-FILE-READ-ONCE
  it('in an older or a newer layout is replaced by the next write without a word on stderr; a damaged format number is said', () => {
    const dir = tempDir('cache-layout');
    const cacheHome = tempDir('cache-layout-home');
    writeProject(dir);
    checkBoth(dir, cacheHome);
    const folder = join(scanCacheFile(cacheHome), '..');
    const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(['scan-v6.json', 'specs-v5.json']);
    const current = Object.fromEntries(files.map((name) => [name, readFileSync(join(folder, name), 'utf8')]));
    // The same bodies as format 6 wrote its files (a sha256 of the rest), and as a newer build would.
    const older = (name: string, body: string) =>
      `factline-cache 6 ${name} ${hash('sha256', body, 'base64')}\n${body}`;
    const newer = (name: string, body: string) => sealedCacheFile('99', name, body);
    for (const [format, seal] of [
      ['6', older],
      ['99', newer],
    ] as const) {
      for (const [name, raw] of Object.entries(current))
        writeFileSync(join(folder, name), seal(name.replace('.json', ''), raw.slice(raw.indexOf('\n') + 1)));
      const { cached, cold } = checkBoth(dir, cacheHome);
      expect(cached, format).toEqual(cold);
      expect(cached.stderr, format).toBe('');
      for (const name of files)
        expect(readFileSync(join(folder, name), 'utf8').startsWith(`factline-cache 7 `), name).toBe(true);
    }
    // A format number damaged in place is no other build's file: said, like any damage.
    const raw = readFileSync(join(folder, 'scan-v6.json'), 'utf8');
    writeFileSync(join(folder, 'scan-v6.json'), raw.replace(/^factline-cache 7 /, 'factline-cache 8 '));
    const { cached, cold } = checkBoth(dir, cacheHome);
    expect(cached.stdout).toBe(cold.stdout);
    expect(cached.stderr).toMatch(
      /^factline: discarding the cache .*scan-v6\.json \(a damaged header\); rebuilding it\n$/,
    );
  });
});

describe('the scan cache after a small change', () => {
  // @verifies engine#CACHE-EDIT-APPENDS
  it('grows by one segment per run that changed a few files, is written whole in time, and every run prints what --no-cache prints', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('edit' as const), file: fc.nat(FILES - 1), fact: fc.nat(FACTS + 2) }),
      fc.record({ kind: fc.constant('touch' as const), file: fc.nat(FILES - 1) }),
      fc.record({ kind: fc.constant('add' as const), file: fc.nat(9), fact: fc.nat(FACTS - 1) }),
      fc.record({ kind: fc.constant('remove' as const), file: fc.nat(FILES - 1) }),
    );
    let appends = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(op, { minLength: 1, maxLength: 2 }), { minLength: 3, maxLength: 7 }),
        (runs) => {
          const dir = tempDir('append');
          const cacheHome = tempDir('append-home');
          writeProject(dir);
          expect(checkBoth(dir, cacheHome).cached.stderr).toBe('');
          const file = scanCacheFile(cacheHome);
          for (const ops of runs) {
            const before = layout(file);
            for (const o of ops) {
              const path = join(dir, o.kind === 'add' ? `src/new${o.file}.ts` : `src/f${o.file}.ts`);
              if (o.kind === 'edit') writeFileSync(path, sourceText(o.file, o.fact));
              else if (o.kind === 'add') writeFileSync(path, sourceText(100 + o.file, o.fact));
              else if (o.kind === 'remove') rmSync(path, { force: true });
              else if (existsSync(path)) writeFileSync(path, readFileSync(path));
            }
            const { cached, cold } = checkBoth(dir, cacheHome);
            expect(cached, JSON.stringify(ops)).toEqual(cold);
            expect(cached.stderr).toBe('');
            const after = layout(file);
            if (after.ino === before.ino) {
              // Appended, or not written: what was there is still there, byte for byte.
              expect(after.raw.subarray(0, before.raw.length).equals(before.raw)).toBe(true);
              if (after.segments.length > before.segments.length) appends++;
              expect(after.segments.length - before.segments.length).toBeLessThanOrEqual(1);
            } else {
              // Written whole: no segment left.
              expect(after.segments).toEqual([]);
            }
          }
        },
      ),
      { numRuns: process.env.CI ? 8 : 4 },
    );
    expect(appends).toBeGreaterThan(0);
    // The whole write after appends, which random sequences may not reach: one file edited per run until the
    // tail would pass a quarter of the body, then the file is written whole with no segment left.
    {
      const dir = tempDir('append-compact');
      const cacheHome = tempDir('append-compact-home');
      writeProject(dir);
      checkBoth(dir, cacheHome);
      const file = scanCacheFile(cacheHome);
      const first = layout(file).ino;
      let run = 0;
      for (; run < 40 && layout(file).ino === first; run++) {
        writeFileSync(join(dir, `src/f${run % FILES}.ts`), sourceText(run, (run + 1) % FACTS));
        const { cached, cold } = checkBoth(dir, cacheHome);
        expect(cached).toEqual(cold);
      }
      expect(run).toBeGreaterThan(1);
      expect(layout(file).ino).not.toBe(first);
      expect(layout(file).segments).toEqual([]);
    }
  }, 300_000);

  // @verifies engine#CACHE-EDIT-APPENDS
  it('an appended segment cut short is left out without a word, and the next save writes the file whole', async () => {
    const { dir, cacheHome, file } = await projectWithOneAppend('append-cut');
    const { raw, segments } = layout(file);
    const segment = segments[0]!;
    // Cut inside the header line and inside the lines.
    for (const keep of [segment.at + 5, segment.linesAt + Math.floor(segment.length / 2), raw.length - 1]) {
      writeFileSync(file, raw);
      truncateSync(file, keep);
      const { cached, cold } = checkBoth(dir, cacheHome);
      expect(cached).toEqual(cold);
      expect(cached.stderr).toBe('');
      expect(layout(file).segments).toEqual([]);
      expect(statSync(file).size).toBe(layout(file).bodyEnd);
    }
  });

  // @verifies engine#CACHE-EDIT-APPENDS
  // @verifies engine#CACHE-NEVER-TRUSTED-BLINDLY
  it('a whole segment that fails its checksum is damage: the file is discarded, said once, and the run prints what --no-cache prints', async () => {
    const { dir, cacheHome, file } = await projectWithOneAppend('append-damaged');
    const { raw, segments } = layout(file);
    const damaged = Buffer.from(raw);
    const at = segments[0]!.linesAt + 2;
    damaged[at] = damaged[at] === 0x41 ? 0x42 : 0x41;
    writeFileSync(file, damaged);
    const { cached, cold } = checkBoth(dir, cacheHome);
    expect(cached.stdout).toBe(cold.stdout);
    expect(cached.code).toBe(cold.code);
    expect(cached.stderr.trim().split('\n')).toEqual([
      `factline: discarding the cache ${file} (checksum mismatch in an appended segment); rebuilding it`,
    ]);
    expect(layout(file).segments).toEqual([]);
  });

  // @verifies engine#CACHE-EDIT-APPENDS
  it('a segment appended by another build is never used, though it is sealed and its stat matches', async () => {
    const { dir, cacheHome, file } = await projectWithOneAppend('append-other-build');
    const { raw, bodyEnd, code } = layout(file);
    // A forged line for f5 (cites F-5) under its current stat: it would make f5 cite a fact nobody cites.
    const body = raw.toString('utf8', 0, bodyEnd);
    const line = body.split('\n').find((l) => l.startsWith('"src/f5.ts"\t'))!;
    const forged = `${line.replace('"F-5"', `"F-${FACTS + 2}"`)}\n`;
    expect(forged).not.toBe(`${line}\n`);
    const segment = (by: string) =>
      `factline-append ${Buffer.byteLength(forged)} ${hash('sha256', forged, 'base64')} ${by}\n${forged}`;
    const honest = checkBoth(dir, cacheHome);
    // The forgery works when it names this build's code: the run is served the forged line.
    writeFileSync(file, raw);
    appendFileSync(file, segment(code));
    const served = checkBoth(dir, cacheHome).cached;
    expect(served.stdout).not.toBe(honest.cold.stdout);
    expect(served.stdout).toContain(`F-${FACTS + 2}`);
    // Named as another build's, it is not used, and the next save drops it.
    writeFileSync(file, raw);
    appendFileSync(file, segment('another-build'));
    const { cached, cold } = checkBoth(dir, cacheHome);
    expect(cached).toEqual(cold);
    expect(cached.stdout).toBe(honest.cold.stdout);
    expect(layout(file).segments).toEqual([]);
  });
});
