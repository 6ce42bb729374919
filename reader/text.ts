/** Fact text helpers: the digest, kind lines, id classes (section slugs: reader/slug.ts). */
import { hash } from 'node:crypto';
import type { FactClass, KindLine, SectionKind } from './model.ts';

// @implements reader#READ-DIGEST
// @implements reader#DIGEST-IN-ONE-CALL
export function digestOf(text: string): string {
  // One call: a Hash object per fact cost vibevm's cold check about 25 ms of its 6,500 digests.
  return hash('sha256', text, 'hex');
}

const KIND_LINE = /^(prop|req|design|guide) r(\d+)( planned)?(?: disputed\(([^)]*)\))?$/;

/** `req r1`, `prop r3 planned`, `design r2 disputed(#a,#b)`. */
export function parseKindLine(code: string): KindLine | undefined {
  const m = KIND_LINE.exec(code.trim());
  if (!m) return undefined;
  return {
    kind: m[1] as SectionKind,
    revision: Number(m[2]),
    planned: m[3] !== undefined,
    disputed: (m[4] ?? '')
      .split(/[\s,]+/)
      .map((s) => s.replace(/^#/, ''))
      .filter((s) => s !== ''),
  };
}

/** UPPER-SLUG ids are normative; anything with a lower-case letter is a service unit. */
export function factClassOf(id: string): FactClass {
  return id === id.toUpperCase() ? 'normative' : 'service';
}

/**
 * The kind line vibevm's specmap reads under a heading: the first non-blank
 * line after it, when that line opens with a code span holding a kind line
 * (prose may follow on the line). `end` is the offset just past the heading.
 */
// @implements vibevm#REVISION-LINES
export function leadKindLine(text: string, end: number): KindLine | undefined {
  let at = text.indexOf('\n', end);
  if (at === -1) return undefined;
  while (at < text.length) {
    const next = text.indexOf('\n', at + 1);
    const line = text.slice(at + 1, next === -1 ? text.length : next);
    if (line.trim() !== '') {
      const m = /^\s*`([^`]*)`/.exec(line);
      return m ? parseKindLine(m[1]!) : undefined;
    }
    if (next === -1) return undefined;
    at = next;
  }
  return undefined;
}
