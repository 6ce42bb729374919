/**
 * A cache file is written in key order (the next run's stat helper walks the
 * keys expecting it). The lines come out of one pass when the run used its
 * entries in key order already, else out of a sort: either way they are what
 * sorting every key gives, which is the oracle here, over generated key sets
 * in sorted, reversed, nearly sorted and shuffled use, with keys that differ
 * past the Basic Multilingual Plane (UTF-16 order, not code point order).
 */
import { describe, expect, it } from 'vitest';
import { linesInKeyOrder } from '../../../../engine/cache/cache-file.ts';

const sortedLines = (kept: Map<string, string>) =>
  [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line);

describe('a cache file written in key order', () => {
  it('holds the lines of every key sorted, whatever order the run used them in', () => {
    let n = 7;
    const next = () => {
      n = (n * 1103515245 + 12345) & 0x7fffffff;
      return n >> 8;
    };
    const alphabet = ['a', 'b', 'Z', '/', '-', '.', 'é', '\u{1F600}', '\uFF5E', '0', '~'];
    let checked = 0;
    for (let seed = 0; seed < 300; seed++) {
      const keys = new Set<string>();
      const size = next() % 60;
      while (keys.size < size) {
        let key = '';
        const length = 1 + (next() % 6);
        for (let i = 0; i < length; i++) key += alphabet[next() % alphabet.length];
        keys.add(key);
      }
      const sorted = [...keys].sort();
      const orders = [
        sorted,
        [...sorted].reverse(),
        // Nearly sorted: one pair swapped, as a worker's chunk arriving early leaves it.
        sorted.map((_, i, all) => all[i === 1 ? 2 : i === 2 ? 1 : i]!).filter((k) => k !== undefined),
        [...sorted].sort(() => (next() % 2 === 0 ? -1 : 1)),
      ];
      for (const order of orders) {
        const kept = new Map(order.map((key) => [key, `${JSON.stringify(key)}\tline`]));
        expect(linesInKeyOrder(kept)).toEqual(sortedLines(kept));
        checked++;
      }
    }
    expect(checked).toBe(1200);
  });
});
