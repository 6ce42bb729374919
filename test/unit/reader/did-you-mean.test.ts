/** The one did-you-mean: its rules, and the indexed search finding what comparing with every name finds, on real ids. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  didYouMean,
  editDistance as distance,
  nearest,
  nearestOne,
  Suggester,
  suggestion,
} from '../../../reader/did-you-mean.ts';
import { parseSpec } from '../../../reader/index.ts';
import { REPO } from '../../support/cli.ts';

const ids = ['reader', 'scanner', 'trace', 'generator', 'report', 'serve', 'mcp-core'].flatMap((name) =>
  parseSpec(readFileSync(`${REPO}specs/${name}.md`, 'utf8'), { file: name, doc: name }).facts.map(
    (f) => f.id,
  ),
);

/** One edit at a deterministic place: drop, double or change a character. */
function typo(id: string, k: number): string {
  const at = (k * 7) % id.length;
  if (k % 3 === 0) return id.slice(0, at) + id.slice(at + 1);
  if (k % 3 === 1) return id.slice(0, at) + id[at] + id.slice(at);
  return `${id.slice(0, at)}${id[at] === 'X' ? 'Y' : 'X'}${id.slice(at + 1)}`;
}

describe('one did-you-mean rule', () => {
  // @verifies engine#ONE-DID-YOU-MEAN
  it('counts a swap of two neighbours as one edit, case and separators as none', () => {
    expect(distance('dnoe', 'done')).toBe(1);
    expect(distance('kitten', 'sitting')).toBe(3);
    expect(distance('LAYOUT', 'LAYUOT')).toBe(1);
    expect(suggestion('dnoe', ['plan', 'work', 'done'])).toBe(
      'did you mean `done`? (accepted: plan, work, done)',
    );
    expect(nearestOne('method_ping', ['METHOD-PONG', 'METHOD-PING'])).toBe('METHOD-PING');
    expect(nearestOne('UNIT_UNKNOWN-REJECTED', ['UNIT-UNKNOWN-REJECTED', 'UNIT-UNKNOWN-REJECTER'])).toBe(
      'UNIT-UNKNOWN-REJECTED',
    );
  });

  // @verifies engine#ONE-DID-YOU-MEAN
  it('suggests within a third of the word in edits and at least two, nearest first, ties in the given order', () => {
    expect(nearestOne('xy', ['ab'])).toBe('ab');
    expect(nearestOne('xyz', ['abc'])).toBeUndefined();
    expect(nearestOne('specsRoott', ['specsRoot', 'specs'])).toBe('specsRoot');
    expect(nearest('GATE-SCAX', ['GATE-SCAB', 'GATE-SCAN', 'GATE-SCANS', 'GATE'])).toEqual([
      'GATE-SCAB',
      'GATE-SCAN',
      'GATE-SCANS',
    ]);
    expect(didYouMean('lenght', ['width', 'length'])).toBe('did you mean `length`?');
    expect(didYouMean('zzz', ['width', 'length'])).toBeUndefined();
    // The indexed search keeps the same order as the list one.
    expect(new Suggester(['GATE-SCAB', 'GATE-SCAN', 'GATE-SCANS', 'GATE']).nearest('GATE-SCAX')).toEqual(
      nearest('GATE-SCAX', ['GATE-SCAB', 'GATE-SCAN', 'GATE-SCANS', 'GATE']),
    );
  });
});

describe('Suggester', () => {
  // @verifies reader#DID-YOU-MEAN-BOUNDED
  it('puts the intended id among the suggestions for one-edit typos anywhere in the id', () => {
    const suggester = new Suggester(ids);
    const misses = ids.filter((id, k) => !suggester.nearest(typo(id, k)).includes(id));
    expect(ids.length).toBeGreaterThan(100);
    expect(misses).toEqual([]);
  });

  // @verifies reader#SUGGEST-SAME-ANSWERS
  it('its first suggestion is as close as the closest id found by comparing with every one', () => {
    const suggester = new Suggester(ids);
    const worse = ids.flatMap((id, k) => {
      const wanted = typo(id, k).toLowerCase();
      const first = suggester.nearest(typo(id, k))[0];
      const closest = Math.min(...ids.map((x) => distance(wanted, x.toLowerCase())));
      return first !== undefined && distance(wanted, first.toLowerCase()) === closest ? [] : [typo(id, k)];
    });
    expect(worse).toEqual([]);
  });

  // @verifies reader#SUGGEST-ONCE-PER-NAME
  it('answers each distinct name once, edit-distancing a few candidates instead of every name', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `${ids[i % ids.length]}-${i}`);
    const suggester = new Suggester(many);
    const queries = many.filter((_, i) => i % 200 === 7).map((id, k) => typo(id, k));
    suggester.nearest('warm-up');
    const cpu = (run: () => void) => {
      const t = process.cpuUsage();
      run();
      const used = process.cpuUsage(t);
      return used.user + used.system;
    };
    const indexed = cpu(() => {
      for (const q of queries) suggester.nearest(q);
    });
    const everything = cpu(() => {
      for (const q of queries) for (const name of many) distance(q.toLowerCase(), name.toLowerCase(), 8);
    });
    expect(indexed * 10).toBeLessThan(everything);
    // A name asked again is not computed again: the same answer comes back.
    expect(suggester.nearest(queries[0]!)).toBe(suggester.nearest(queries[0]!));
    expect(suggester.nearest(queries[0]!)).toContain(many[7]);
  });

  it('edit distance with a limit agrees with the full one up to the limit', () => {
    for (const [a, b] of [
      ['LAYOUT', 'LAYUOT'],
      ['', 'ABC'],
      ['GATE-SCAN', 'GATE-SCAN'],
      ['kitten', 'sitting'],
      ['ca', 'abc'],
      ['abcdef', 'badcfe'],
      ['a'.repeat(40), `${'a'.repeat(19)}ba${'a'.repeat(19)}`],
    ] as const) {
      const full = distance(a, b);
      for (let limit = 0; limit < 5; limit++)
        expect(distance(a, b, limit)).toBe(full <= limit ? full : limit + 1);
    }
  });

  // @verifies reader#DID-YOU-MEAN-LINEAR
  it('a 100,000-character id costs about the same whether its trigrams are all alike or all different', () => {
    const names = Array.from({ length: 2000 }, (_, i) => `FACT-${i}-NAME`);
    // Varied letters, digits and dashes, so a long id carries tens of thousands of distinct trigrams.
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';
    const idOf = (n: number) => {
      let seed = 7;
      let id = 'A';
      while (id.length < n) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        id += ALPHABET[seed % ALPHABET.length];
      }
      return id;
    };
    const cpu = (id: string) => {
      const suggester = new Suggester(names);
      const t = process.cpuUsage();
      expect(suggester.nearest(id)).toEqual([]);
      const used = process.cpuUsage(t);
      return used.user + used.system;
    };
    cpu(idOf(1000));
    // Both are read character by character; only a list searched per trigram grows with how many differ.
    const alike = Math.max(cpu('A'.repeat(100_000)), cpu('A'.repeat(100_000)));
    const varied = Math.min(cpu(idOf(100_000)), cpu(idOf(100_000)));
    expect(varied).toBeLessThan(alike * 20);
    expect(new Suggester(names).nearest('FACT-7-NAEM')).toContain('FACT-7-NAME');
  });
});
