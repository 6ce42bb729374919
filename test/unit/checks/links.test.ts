/**
 * Links between facts as the gate judges them, and coverage through the
 * levels they make: specs parsed by the real reader, citations as a scanner
 * hands them over, the whole trace run.
 */
import { describe, expect, it } from 'vitest';
import { reach } from '../../../checks/chain.ts';
import type { ScannedFile } from '../../../checks/trace.ts';
import { trace } from '../../../checks/trace.ts';
import { parseSpec } from '../../../reader/index.ts';

const doc = (name: string, body: string) =>
  parseSpec(`# ${name} {#root}\n\n${body}\n`, { file: `specs/${name}.md`, doc: name });

/** Each id given is implemented in src/ and verified in test/. */
function evidence(...addresses: string[]): ScannedFile[] {
  const cite = (verb: 'implements' | 'verifies', address: string, line: number) => {
    const [d, id] = address.split('#') as [string, string];
    // A verifying citation stands in a test, as the scanner names it (one in no test block verifies nothing).
    const inTest = verb === 'verifies' ? { testName: `proves ${id}` } : {};
    return { verb, ref: address, doc: d, id, offset: 0, line, column: 4, ...inTest };
  };
  return [
    { file: 'src/a.ts', inTest: false, citations: addresses.map((a, i) => cite('implements', a, i + 1)) },
    { file: 'test/a.test.ts', inTest: true, citations: addresses.map((a, i) => cite('verifies', a, i + 1)) },
  ];
}

const SYSTEM = doc(
  'system',
  [
    '@fact:SYS-GREET @requires:refinement The system greets its user by name. @status:impl/done',
    '@fact:SYS-OLD Withdrawn. @status:impl/void',
  ].join('\n\n'),
);

function run(software: string, files: ScannedFile[], more: ReturnType<typeof doc>[] = []) {
  return trace({ documents: [SYSTEM, doc('software', software), ...more] }, files, { strict: false });
}
const rules = (r: ReturnType<typeof run>) =>
  r.findings.map((f) => `${f.rule} ${f.file}:${f.line}:${f.column}`);
const stateOf = (r: ReturnType<typeof run>, address: string) =>
  r.facts.find((f) => f.address === address)?.state;

describe('judging links', () => {
  // @verifies chains#LINK-TARGET-RESOLVED
  it('places an unknown target at its address with the did-you-mean, and it does not count', () => {
    const r = run(
      '@fact:SW-GREET @refines:system#SYS-GRET Formats the greeting. @status:impl/done',
      evidence('software#SW-GREET'),
    );
    const f = r.findings.find((x) => x.rule === 'unknown-link-target')!;
    expect([f.file, f.line, f.column, f.fact]).toEqual(['specs/software.md', 3, 25, 'software#SW-GREET']);
    expect(f.fix).toBe('did you mean `system#SYS-GREET`?');
    expect(r.links?.[0]).toMatchObject({ counted: false, problem: 'unknown-link-target' });
    expect(stateOf(r, 'system#SYS-GREET')).toBe('missing-refinement');
  });

  // @verifies chains#LINK-TARGET-RESOLVED
  it('resolves bare ids and reports an ambiguous one with its candidates', () => {
    const r = run(
      '@fact:SW-GREET @refines:SYS-GREET Formats. @status:impl/done\n\n@fact:SW-TWO @refines:DUP Two. @status:impl/done',
      evidence('software#SW-GREET', 'software#SW-TWO'),
      [doc('a', '@fact:DUP One.'), doc('b', '@fact:DUP Other.')],
    );
    expect(r.links?.map((l) => [l.resolved, l.problem])).toEqual([
      ['system#SYS-GREET', undefined],
      [undefined, 'unknown-link-target'],
    ]);
    expect(r.findings.find((f) => f.rule === 'unknown-link-target')?.message).toContain('a#DUP, b#DUP');
  });

  // @verifies chains#LINK-INTO-VOID
  it('reports a link into a void fact, and never judges the links of a void fact', () => {
    const r = run(
      '@fact:SW-OLD @refines:system#SYS-OLD Old. @status:impl/done\n\n@fact:SW-GONE @refines:system#NOWHERE Gone. @status:impl/void',
      evidence('software#SW-OLD'),
    );
    expect(rules(r)).toEqual([
      'void-fact-linked specs/software.md:3:23',
      'missing-refinement specs/system.md:3:1',
    ]);
  });

  // @verifies chains#LINK-CYCLES
  it('reports each circle once, naming it, and a fact refining itself', () => {
    const r = run(
      [
        '@fact:SW-A @refines:SW-B A. @status:spec/work',
        '@fact:SW-B @refines:SW-C B. @status:spec/work',
        '@fact:SW-C @derives:SW-A C. @status:spec/work',
        '@fact:SW-SELF @refines:SW-SELF Itself. @status:spec/work',
      ].join('\n\n'),
      [],
    );
    const cycles = r.findings.filter((f) => f.rule === 'link-cycle');
    expect(cycles.map((f) => `${f.line}:${f.column} ${f.message}`)).toEqual([
      '3:21 links run in a circle: software#SW-A → software#SW-B → software#SW-C → software#SW-A',
      '9:24 links run in a circle: software#SW-SELF → software#SW-SELF',
    ]);
    expect(r.links?.every((l) => l.problem === 'link-cycle')).toBe(true);
  });

  // @verifies chains#CONFLICTS-REPORTED
  it('warns while two conflicting facts both stand, and not once one is void', () => {
    const standing = run(
      '@fact:SW-A @conflicts:SW-B A. @status:spec/work\n\n@fact:SW-B B. @status:spec/work',
      [],
    );
    expect(standing.findings.filter((f) => f.rule === 'conflicting-facts').map((f) => f.severity)).toEqual([
      'warning',
    ]);
    const settled = run(
      '@fact:SW-A @conflicts:SW-B A. @status:spec/work\n\n@fact:SW-B B. @status:spec/void',
      [],
    );
    expect(settled.findings.filter((f) => f.rule === 'conflicting-facts')).toEqual([]);
  });
});

describe('coverage through levels', () => {
  const LEVELS = [
    '@fact:SW-GREET @requires:refinement @refines:system#SYS-GREET The module formats the greeting. @status:impl/done',
    '@fact:TST-GREET @refines:SW-GREET A test greets Ada. @status:impl/done',
  ].join('\n\n');

  // @verifies chains#COVERAGE-THROUGH-LEVELS
  it('covers the top only when every level below is covered', () => {
    const green = run(LEVELS, evidence('software#TST-GREET'));
    expect(green.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect([stateOf(green, 'system#SYS-GREET'), stateOf(green, 'software#SW-GREET')]).toEqual([
      'refined',
      'refined',
    ]);
    expect(green.facts.find((f) => f.address === 'system#SYS-GREET')?.refinement).toEqual({
      by: ['software#SW-GREET'],
      uncovered: [],
      notCounted: [],
    });

    const untested = run(LEVELS, evidence()); // the leaf lost its code and test
    expect(stateOf(untested, 'system#SYS-GREET')).toBe('missing-refinement');
    expect(stateOf(untested, 'software#SW-GREET')).toBe('missing-refinement');
    const top = untested.findings.find(
      (f) => f.rule === 'missing-refinement' && f.fact === 'system#SYS-GREET',
    )!;
    expect(top.message).toBe(
      'system#SYS-GREET needs refinement and is not covered: software#SW-GREET is not covered through refinement: software#TST-GREET is missing implementation and test (impl/done)',
    );
  });

  // @verifies chains#COVERAGE-THROUGH-LEVELS
  it('is not covered when no fact refines it, or when one of several refining facts falls short', () => {
    const none = run('@fact:SW-OTHER Unrelated. @status:spec/work', []);
    expect(none.findings.find((f) => f.fact === 'system#SYS-GREET')?.message).toContain('no fact refines it');
    const two = run(
      '@fact:SW-A @refines:system#SYS-GREET A. @status:impl/done\n\n@fact:SW-B @refines:system#SYS-GREET B. @status:spec/work',
      evidence('software#SW-A'),
    );
    expect(two.facts.find((f) => f.address === 'system#SYS-GREET')?.refinement?.uncovered).toEqual([
      { address: 'software#SW-B', why: 'software#SW-B is pending (spec/work)' },
    ]);
  });

  // @verifies chains#COVERAGE-THROUGH-LEVELS
  it('takes refinement from a policy table as from @requires:', () => {
    const set = { documents: [doc('system', '@fact:SYS-X The system does X. @status:spec/done')] };
    const r = trace(set, [], { strict: false, policy: { 'spec/done': ['refinement'] } });
    expect(r.facts[0]?.state).toBe('missing-refinement');
  });

  // @verifies chains#REFINED-DOCUMENT-NEEDS-NO-CITATION
  it('does not call a document of refined facts uncited', () => {
    const r = trace({ documents: [SYSTEM, doc('software', LEVELS)] }, evidence('software#TST-GREET'), {
      strict: false,
      searched: { globs: ['src/**', 'test/**'] },
    });
    expect(r.findings.filter((f) => f.rule === 'document-uncited')).toEqual([]);
  });

  // @verifies chains#CHAIN-TRANSITIVE
  it('reaches every level down and up, each fact once, circles included', () => {
    const r = run(`${LEVELS}\n\n@fact:TST-BACK @refines:TST-GREET,SW-GREET Back. @status:spec/work`, []);
    expect(reach('system#SYS-GREET', r.links!, 'down').map((x) => `${x.address}@${x.depth}`)).toEqual([
      'software#SW-GREET@1',
      'software#TST-GREET@2',
      'software#TST-BACK@2',
    ]);
    expect(reach('software#TST-BACK', r.links!, 'up').map((x) => `${x.address}@${x.depth}`)).toEqual([
      'software#TST-GREET@1',
      'software#SW-GREET@1',
      'system#SYS-GREET@2',
    ]);
  });
});
