/**
 * Links and attributes as the reader reads them: each kept with its place,
 * none of them in the fact's text or digest, every slip an error at its place.
 */
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../../reader/index.ts';

const read = (body: string) => parseSpec(`# Sw {#root}\n\n${body}\n`, { file: 'specs/sw.md', doc: 'sw' });

describe('links on facts', () => {
  // @verifies chains#LINK-GRAMMAR
  it('reads every form a citation takes, with pins, several per tag and per fact, placed at the address', () => {
    const doc = read(
      '@fact:SW-A @refines:sys#SYS-A~ABCDEF12,spec://acme/sys#SYS-B @derives:SYS-C~r3 The software greets. @conflicts:other#X @status:impl/done',
    );
    expect(doc.diagnostics).toEqual([]);
    const fact = doc.facts[0]!;
    expect(fact.text).toBe('The software greets.');
    expect(fact.status.stage).toBe('impl');
    expect(fact.links).toEqual([
      { kind: 'refines', target: 'sys#SYS-A', doc: 'sys', id: 'SYS-A', pin: 'abcdef12', line: 3, column: 21 },
      {
        kind: 'refines',
        target: 'spec://acme/sys#SYS-B',
        doc: 'spec://acme/sys',
        id: 'SYS-B',
        line: 3,
        column: 40,
      },
      { kind: 'derives', target: 'SYS-C', id: 'SYS-C', pin: 'r3', line: 3, column: 71 },
      { kind: 'conflicts', target: 'other#X', doc: 'other', id: 'X', line: 3, column: 112 },
    ]);
  });

  // @verifies chains#LINK-GRAMMAR
  it('keeps links and pins out of the text and digest, so pinning a link never makes citations of the fact stale', () => {
    const plain = read('@fact:SW-A The software greets. @status:impl/done').facts[0]!;
    const linked = read(
      '@fact:SW-A @refines:sys#SYS-A The software greets. @attr:risk=high @status:impl/done',
    ).facts[0]!;
    const pinned = read('@fact:SW-A @refines:sys#SYS-A~0123abcd The software greets. @status:impl/done')
      .facts[0]!;
    expect(linked.digest).toBe(plain.digest);
    expect(pinned.digest).toBe(plain.digest);
    expect(plain.links).toBeUndefined();
  });

  // @verifies chains#LINK-MALFORMED-LOCATED
  it('places each unreadable address and names the fix', () => {
    const doc = read('@fact:SW-A Ends a sentence @refines:sys#SYS-A. @refines:a#B~zz,,c#D');
    expect(doc.diagnostics.map((d) => [d.code, d.line, d.column, d.token, d.fix])).toEqual([
      [
        'malformed-link',
        3,
        37,
        'sys#SYS-A.',
        'drop the trailing `.`: `@refines:sys#SYS-A` (a tag ends at the next space)',
      ],
      ['malformed-link', 3, 57, 'a#B~zz', expect.stringContaining('8 hex digits')],
      ['malformed-link', 3, 63, ',', 'remove the extra comma'],
    ]);
    expect(doc.facts[0]!.links).toEqual([
      { kind: 'refines', target: 'c#D', doc: 'c', id: 'D', line: 3, column: 65 },
    ]);
  });

  // @verifies chains#LINK-NEEDS-A-FACT
  it('reports a link or attribute on a unit with no anchor instead of dropping it', () => {
    const doc = read('@refines:sys#SYS-A A paragraph that forgot its anchor.\n\n@attr:risk=high Another.');
    expect(doc.facts).toEqual([]);
    expect(doc.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual([
      'malformed-link 3:10',
      'malformed-attribute 5:1',
    ]);
  });

  // @verifies chains#LINK-NEAR-MISSES
  it('reports near misses of the keywords with the right one', () => {
    const doc = read('@fact:SW-A @refine:sys#SYS-A @Derives:x#Y @atr:risk=high Words.');
    expect(doc.diagnostics.map((d) => [d.code, d.column, d.message.match(/`@[a-z]+:`\?/)?.[0]])).toEqual([
      ['unread-tag', 12, '`@refines:`?'],
      ['unread-tag', 30, undefined],
      ['unread-tag', 43, '`@attr:`?'],
    ]);
  });
});

describe('attributes on facts', () => {
  // @verifies chains#ATTRIBUTE-GRAMMAR
  it('reads KEY=VALUE and quoted values with spaces, placed, outside the text', () => {
    const doc = read(
      '@fact:SW-A @attr:priority=high The software greets. @attr:owner="Ada L." @status:impl/done',
    );
    expect(doc.diagnostics).toEqual([]);
    expect(doc.facts[0]!.text).toBe('The software greets.');
    expect(doc.facts[0]!.attributes).toEqual([
      { key: 'priority', value: 'high', line: 3, column: 12 },
      { key: 'owner', value: 'Ada L.', line: 3, column: 53 },
    ]);
  });

  // @verifies chains#ATTRIBUTE-GRAMMAR
  it('reports a key without value, a missing key and an unclosed quote', () => {
    const doc = read('@fact:SW-A Words. @attr:priority @attr:=x @attr:owner="Ada');
    expect(doc.diagnostics.map((d) => `${d.code} ${d.column} ${d.token}`)).toEqual([
      'malformed-attribute 19 @attr:priority',
      'malformed-attribute 34 @attr:=x',
      'malformed-attribute 43 @attr:owner="Ada',
    ]);
  });
});
