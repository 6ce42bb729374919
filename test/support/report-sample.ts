/**
 * A hand-built TraceResult over a small spec with one fact in every state:
 * lets the page be tested without depending on the gate's output.
 */
import type {
  FactState,
  FactTrace,
  GapKind,
  JudgedCitation,
  Summary,
  TraceResult,
} from '../../checks/model.ts';
import type { ReportInputs } from '../../checks/reporters/html.ts';
import { tallyFacts } from '../../checks/states.ts';

export const SAMPLE_SPEC = `# Sample spec {#root}

@status:impl/done

## Wire {#wire}

@fact:WIRE-LINES Frames are single lines of JSON over stdio. @status:impl/done

@fact:WIRE-NO-HEADERS No Content-Length headers precede a frame. @status:impl/done

- @fact:LIST-FACT A list item that nobody cites yet. @status:impl/done
- Plain item without a fact.
- @fact:nested-lead Rules nested under a lead item:
  - @fact:NESTED-GAP A nested rule nobody cites. @status:impl/done

## Loop {#loop}

@fact:LOOP-PING The server answers ping with an empty result. @status:impl/done

@fact:LOOP-STALE A citation pinned to an older text of this fact. @status:impl/done

@fact:LOOP-DEVIATES The loop may deviate for a documented reason. @status:impl/done

@fact:LOOP-LATER Batching arrives in a later revision. @status:spec/work

@fact:kind-line-loop \`req r1\`

| key | value |
|---|---|
| @fact:TABLE-CELL-FACT zebra cell | plain |
`;

const STATES: [string, FactState, string][] = [
  ['WIRE-LINES', 'verified', 'wire'],
  ['WIRE-NO-HEADERS', 'implemented', 'wire'],
  ['LIST-FACT', 'missing', 'wire'],
  ['nested-lead', 'service', 'wire'],
  ['NESTED-GAP', 'missing', 'wire'],
  ['LOOP-PING', 'missing-verification', 'loop'],
  ['LOOP-STALE', 'stale', 'loop'],
  ['LOOP-DEVIATES', 'deviated', 'loop'],
  ['LOOP-LATER', 'pending', 'loop'],
  ['kind-line-loop', 'service', 'loop'],
  ['TABLE-CELL-FACT', 'missing-implementation', 'loop'],
];

/** The gaps the trace would decide for each state of the sample. */
const GAPS: Record<FactState, GapKind[]> = {
  verified: [],
  refined: [],
  implemented: [],
  'missing-implementation': ['missing-implementation'],
  'missing-verification': ['missing-verification'],
  missing: ['missing-implementation', 'missing-verification'],
  'missing-refinement': ['missing-refinement'],
  'test-failed': ['missing-verification'],
  'test-skipped': ['missing-verification'],
  stale: ['missing-implementation', 'missing-verification'],
  deviated: [],
  pending: [],
  service: [],
  void: [],
};

function citation(
  partial: Partial<JudgedCitation> & Pick<JudgedCitation, 'verb' | 'id' | 'file' | 'line'>,
): JudgedCitation {
  return {
    ref: `sample#${partial.id}`,
    doc: 'sample',
    column: 1,
    inTest: partial.verb === 'verifies',
    counted: true,
    resolved: `sample#${partial.id}`,
    ...partial,
  };
}

export function sampleResult(): TraceResult {
  const citations: JudgedCitation[] = [
    citation({
      verb: 'implements',
      id: 'WIRE-LINES',
      file: 'src/wire.ts',
      line: 3,
      symbol: 'function readFrame',
    }),
    citation({
      verb: 'verifies',
      id: 'WIRE-LINES',
      file: 'test/wire.test.ts',
      line: 4,
      testName: 'reads one line',
    }),
    citation({
      verb: 'implements',
      id: 'WIRE-NO-HEADERS',
      file: 'src/wire.ts',
      line: 9,
      symbol: 'function writeFrame',
    }),
    citation({ verb: 'implements', id: 'LOOP-PING', file: 'src/loop.ts', line: 2, symbol: 'function ping' }),
    citation({
      verb: 'implements',
      id: 'LOOP-STALE',
      file: 'src/loop.ts',
      line: 6,
      pin: 'deadbeef',
      counted: false,
    }),
    citation({
      verb: 'deviates',
      id: 'LOOP-DEVIATES',
      file: 'src/loop.ts',
      line: 10,
      reason: 'hosts send batches',
    }),
  ];
  const specLines = SAMPLE_SPEC.split('\n');
  const facts: FactTrace[] = STATES.map(([id, state, section]) => {
    const line = specLines.findIndex((l) => l.includes(`@fact:${id} `)) + 1;
    const text = (specLines[line - 1] ?? '')
      .replace(/^[-|\s]*@fact:\S+\s*/, '')
      .replace(/\s*@status:\S+$/, '')
      .replace(/\s*\|.*$/, '');
    return {
      address: `sample#${id}`,
      doc: 'sample',
      id,
      file: 'specs/sample.md',
      line,
      section,
      text,
      digest: '0'.repeat(64),
      status: {
        stage: state === 'pending' ? 'spec' : 'impl',
        state: state === 'pending' ? 'work' : 'done',
        origin: 'own',
      },
      factClass: /[a-z]/.test(id) ? 'service' : 'normative',
      required: state === 'pending' || state === 'service' ? [] : ['implementation', 'verification'],
      state,
      gap: GAPS[state].length > 0,
      gaps: GAPS[state],
      citations: citations.flatMap((c, i) => (c.id === id ? [i] : [])),
    };
  });
  const summary: Summary = { ...tallyFacts(facts), findings: { error: 5, warning: 0, info: 0 } };
  return {
    summary,
    documents: [{ doc: 'sample', file: 'specs/sample.md', summary }],
    facts,
    citations,
    findings: [
      {
        rule: 'missing-verification',
        severity: 'error',
        fact: 'sample#LOOP-PING',
        file: 'specs/sample.md',
        line: 14,
        column: 1,
        message: 'sample#LOOP-PING has no @verifies citation',
        fix: 'add `// @verifies sample#LOOP-PING` in a test',
      },
      {
        rule: 'unknown-fact',
        severity: 'error',
        file: 'src/loop.ts',
        line: 12,
        column: 4,
        message: 'sample#NOPE is not a fact',
      },
    ],
  };
}

export function sampleInputs(): ReportInputs {
  const result = sampleResult();
  return {
    specs: [{ file: 'specs/sample.md', doc: 'sample', text: SAMPLE_SPEC }],
    snippets: result.citations.map((c, i) => ({
      citation: i,
      file: c.file,
      line: c.line,
      startLine: Math.max(1, c.line - 1),
      lines: [
        `// context before ${c.id}`,
        `// @${c.verb} ${c.ref}`,
        `export function f${i}() { return '<b>${i}</b>'; }`,
      ],
      symbol: c.symbol ?? c.testName,
    })),
  };
}
