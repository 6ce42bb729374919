/**
 * The stored whole result's file and key (engine/cache/result-format.ts):
 * what is written reads back exactly, any damaged byte is a miss, and every
 * part of the invocation is in the key.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeResult,
  encodeResult,
  type Invocation,
  invocationOf,
  type ProbeKind,
  type StoredResult,
  sameInvocation,
  storableInvocation,
} from '../../../../engine/cache/result-format.ts';

const TTY = { stdout: false, stderr: false };

/** Paths with the characters a line format could trip on (tabs, newlines, quotes, backslashes, non-ASCII), in and out of the working directory /work/p. */
const pathText = fc
  .array(fc.constantFrom('a', 'b', '/', '\t', '\n', '\r', '"', '\\', 'é', 'ש', ' ', '.'), {
    minLength: 1,
    maxLength: 12,
  })
  .chain((chars) =>
    // Outside the working directory (stored absolute), inside it (stored relative), and the directory itself.
    fc.constantFrom(`/p/${chars.join('')}`, `/work/p/${chars.join('')}`, '/work/p'),
  );

const storedResult = fc.record({
  probes: fc.array(
    fc.record({
      kind: fc.constantFrom<ProbeKind>('S', 'L', 'R', 'E'),
      path: pathText,
      state: fc.constantFrom('33188:1:2:3:4.5:6.75', '!ENOENT', 'present', '/real/path'),
    }),
    { maxLength: 8 },
  ),
  code: fc.constantFrom(0, 1),
  stdout: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  stderr: fc.uint8Array({ maxLength: 16 }).map((bytes) => Buffer.from(bytes)),
  argv: fc.array(fc.constantFrom('--json', '--quiet', '--strict'), { maxLength: 3 }),
});

type Generated = typeof storedResult extends fc.Arbitrary<infer T> ? T : never;

function resultOf(r: Generated): StoredResult {
  return {
    invocation: invocationOf(['check', ...r.argv], '/work/p', { FACTLINE_X: '1', HOME: '/h' }, ['PATH'], TTY),
    probes: r.probes,
    code: r.code,
    stdout: r.stdout,
    stderr: r.stderr,
  };
}

describe('the stored result file', () => {
  // @verifies engine#WHOLE-RESULT-NEVER-TRUSTED-BLINDLY
  it('reads back exactly what was written, whatever the paths and output bytes hold', () => {
    fc.assert(
      fc.property(storedResult, (r) => {
        const result = resultOf(r);
        const back = decodeResult(encodeResult(result));
        expect(back).toBeDefined();
        expect(back!.probes).toEqual(result.probes);
        expect(back!.invocation).toEqual(JSON.parse(JSON.stringify(result.invocation)));
        expect([back!.code, back!.stdout, back!.stderr]).toEqual([result.code, result.stdout, result.stderr]);
      }),
    );
  });

  // @verifies engine#WHOLE-RESULT-NEVER-TRUSTED-BLINDLY
  it('is a miss when any byte is changed or the file is cut anywhere', () => {
    fc.assert(
      fc.property(storedResult, fc.nat(), fc.integer({ min: 1, max: 255 }), (r, at, flip) => {
        const bytes = encodeResult(resultOf(r));
        const damaged = Buffer.from(bytes);
        damaged[at % bytes.length]! ^= flip;
        expect(decodeResult(damaged)).toBeUndefined();
        expect(decodeResult(bytes.subarray(0, at % bytes.length))).toBeUndefined();
      }),
    );
  });
});

describe('the invocation part of the key', () => {
  const env = { FACTLINE_SCAN_POOL: 'off', NO_COLOR: '1', PATH: '/bin' };
  const stored: Invocation = invocationOf(['check', '--json'], '/work/p', env, ['PATH'], TTY);

  // @verifies engine#WHOLE-RESULT-KEY
  it('holds only for the same argv, cwd, terminals, read variables, keyed variables and FACTLINE_ variables', () => {
    expect(sameInvocation(stored, ['check', '--json'], '/work/p', env, TTY)).toBe(true);
    const changed: [string, boolean][] = [
      ['argv', sameInvocation(stored, ['check'], '/work/p', env, TTY)],
      ['argv order', sameInvocation(stored, ['check', '--json', '--quiet'], '/work/p', env, TTY)],
      ['cwd', sameInvocation(stored, ['check', '--json'], '/work/q', env, TTY)],
      [
        'stdout a terminal',
        sameInvocation(stored, ['check', '--json'], '/work/p', env, { ...TTY, stdout: true }),
      ],
      [
        'stderr a terminal',
        sameInvocation(stored, ['check', '--json'], '/work/p', env, { ...TTY, stderr: true }),
      ],
      [
        'a read variable',
        sameInvocation(stored, ['check', '--json'], '/work/p', { ...env, PATH: '/usr/bin' }, TTY),
      ],
      [
        'a colour variable set',
        sameInvocation(stored, ['check', '--json'], '/work/p', { ...env, FORCE_COLOR: '1' }, TTY),
      ],
      [
        'a colour variable unset',
        sameInvocation(stored, ['check', '--json'], '/work/p', { ...env, NO_COLOR: undefined }, TTY),
      ],
      [
        'a FACTLINE_ value',
        sameInvocation(stored, ['check', '--json'], '/work/p', { ...env, FACTLINE_SCAN_POOL: 'on' }, TTY),
      ],
      [
        'a new FACTLINE_ variable',
        sameInvocation(stored, ['check', '--json'], '/work/p', { ...env, FACTLINE_NEW: '' }, TTY),
      ],
      ['CI', sameInvocation(stored, ['check', '--json'], '/work/p', { ...env, CI: 'true' }, TTY)],
      ['the locale', sameInvocation(stored, ['check', '--json'], '/work/p', { ...env, LC_ALL: 'C' }, TTY)],
    ];
    expect(changed.filter(([, same]) => same).map(([what]) => what)).toEqual([]);
    // A variable nobody read, and that no rule keys, is no part of it.
    expect(sameInvocation(stored, ['check', '--json'], '/work/p', { ...env, UNRELATED: 'x' }, TTY)).toBe(
      true,
    );
  });

  // @verifies engine#WHOLE-RESULT-ONLY-FOR-STATTABLE-RUNS
  it('exists only for check with --json, --quiet or --strict, and not with FACTLINE_RESULT_CACHE=off', () => {
    expect(storableInvocation(['check'], {})).toBe(true);
    expect(storableInvocation(['check', '--strict', '--json', '--quiet'], {})).toBe(true);
    expect(storableInvocation(['check'], { FACTLINE_RESULT_CACHE: 'off' })).toBe(false);
    for (const argv of [
      ['facts'],
      ['check', '--no-cache'],
      ['check', '--base', 'main'],
      ['check', '--changed'],
      ['check', '--staged'],
      ['check', '--results', 'r.xml'],
      ['check', '--config', 'x.json'],
      ['check', '--sarif', 'o.sarif'],
      ['check', '--watch'],
      ['check', '--help'],
      ['check', 'stray'],
    ])
      expect(storableInvocation(argv, {}), argv.join(' ')).toBe(false);
  });
});
