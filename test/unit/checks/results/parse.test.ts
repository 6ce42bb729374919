import { describe, expect, it } from 'vitest';
import { ResultsFormatError } from '../../../../checks/results/index.ts';
import { indexOutcomes, outcomeFor, testBinding } from '../../../../checks/results/join.ts';
import { parseResults } from '../../../../checks/results/parse.ts';

const summary = (text: string) =>
  parseResults(text, 'r.xml').map(
    (o) => `${o.status} ${o.file ?? '-'} | ${o.titles.join(' > ')}${o.failure ? ` | ${o.failure}` : ''}`,
  );

describe('reading test results', () => {
  // @verifies evidence#RESULTS-FORMATS
  it('reads vitest/Jest JSON with title paths, statuses and the first failure line', () => {
    const json = JSON.stringify({
      testResults: [
        {
          name: '/ci/checkout/test/a.test.ts',
          assertionResults: [
            { ancestorTitles: ['a', 'b'], title: 'ok', status: 'passed', failureMessages: [] },
            {
              ancestorTitles: ['a'],
              title: 'bad',
              status: 'failed',
              failureMessages: ['\nError: boom\n  at x'],
            },
            { ancestorTitles: [], title: 'later', status: 'todo', failureMessages: [] },
            { ancestorTitles: [], title: 'off', status: 'pending', location: { line: 9, column: 3 } },
          ],
        },
      ],
    });
    expect(
      parseResults(json, 'r.json').map((o) => [o.status, o.titles.join(' > '), o.failure, o.line]),
    ).toEqual([
      ['passed', 'a > b > ok', undefined, undefined],
      ['failed', 'a > bad', 'Error: boom', undefined],
      ['todo', 'later', undefined, undefined],
      ['pending', 'off', undefined, 9],
    ]);
    expect(() => parseResults('{"numTotalTests": 1}', 'r.json')).toThrow(
      /r\.json: not a vitest\/Jest JSON report/,
    );
    expect(() =>
      parseResults('{"testResults": [{"assertionResults": [{"title": "x", "status": "odd"}]}]}', 'r.json'),
    ).toThrow(/assertionResults\[0\]: unknown status `odd`/);
  });

  // @verifies evidence#RESULTS-FORMATS
  it('reads the JUnit flavours of jest-junit, pytest, cargo-nextest and Surefire', () => {
    const jest = `<testsuites name="jest tests"><testsuite name="text tools" tests="2">
      <testcase classname="text tools lines cuts" name="text tools lines cuts" file="test/t.test.js"/>
      <testcase classname="x" name="text tools trims"><failure message="">Error: expected 1
 at y</failure></testcase></testsuite></testsuites>`;
    expect(summary(jest)).toEqual([
      'passed test/t.test.js | text tools lines cuts',
      'failed x | text tools trims | Error: expected 1',
    ]);
    const pytest = `<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="0">
      <testcase classname="tests.test_wire.TestWire" name="test_reads" file="tests/test_wire.py" line="12"/>
      <testcase classname="tests.test_wire" name="test_skip"><skipped type="pytest.skip" message="later">x</skipped></testcase>
      <testcase classname="tests.test_wire" name="test_err"><error message="fixture &apos;db&apos; not found"/></testcase>
      </testsuite></testsuites>`;
    expect(summary(pytest)).toEqual([
      'passed tests/test_wire.py | test_reads',
      'skipped tests.test_wire | test_skip',
      "failed tests.test_wire | test_err | fixture 'db' not found",
    ]);
    const nextest = `<testsuites name="nextest-run" tests="1" failures="1"><testsuite name="wire::bin/wire" tests="1">
      <testcase name="tests::reads_line" classname="wire::bin/wire"><failure type="test failure">thread 'tests::reads_line' panicked at src/lib.rs:4:9</failure></testcase>
      </testsuite></testsuites>`;
    expect(summary(nextest)).toEqual([
      "failed wire::bin/wire | tests::reads_line | thread 'tests::reads_line' panicked at src/lib.rs:4:9",
    ]);
    const surefire = `<testsuite name="com.example.WireTest" tests="2"><testcase name="readsLine" classname="com.example.WireTest" time="0.01"/>
      <testcase name="writesLine" classname="com.example.WireTest"><skipped/></testcase></testsuite>`;
    expect(summary(surefire)).toEqual([
      'passed com.example.WireTest | readsLine',
      'skipped com.example.WireTest | writesLine',
    ]);
  });

  // @verifies evidence#RESULTS-FORMATS
  it('names the file and the fix for input it cannot read', () => {
    expect(() => parseResults('PASS src/a.test.ts', 'out.txt')).toThrow(ResultsFormatError);
    expect(() => parseResults('PASS src/a.test.ts', 'out.txt')).toThrow(/out\.txt: neither JSON nor XML/);
    expect(() => parseResults('<testsuites><testsuite></testsuites>', 'j.xml')).toThrow(
      /j\.xml:1:\d+: not a well-formed JUnit XML file/,
    );
    expect(() => parseResults('<report/>', 'j.xml')).toThrow(/j\.xml: no <testsuites> or <testsuite> root/);
  });
});

describe('joining a citation to its test', () => {
  // @verifies evidence#RESULTS-JOIN-BY-FILE-AND-NAME
  it('matches by the file suffix and the full title path, space-joined names included, failures first', () => {
    const outcomes = [
      {
        status: 'passed',
        file: '/ci/x/test/a.test.ts',
        titles: ['outer', 'inner > deep', 'cuts'],
        source: 'r',
      },
      { status: 'passed', file: 'test/other.test.ts', titles: ['outer', 'trims'], source: 'r' },
      { status: 'failed', file: 'test/a.test.ts', titles: ['outer', 'trims'], source: 'junit' },
      { status: 'passed', file: 'test/a.test.ts', titles: ['outer', 'trims'], source: 'json' },
      { status: 'skipped', titles: ['flat wraps'], source: 'r' },
    ] as const;
    const index = indexOutcomes(outcomes.map((o) => ({ ...o, titles: [...o.titles] })));
    const bind = (symbol: string, testName: string) => testBinding({ symbol, testName })!;
    const cuts = bind('describe "outer" > describe "inner > deep" > it "cuts" > function helper', 'cuts');
    expect(cuts.titles).toEqual(['outer', 'inner > deep', 'cuts']);
    expect(outcomeFor(cuts, 'test/a.test.ts', index)?.status).toBe('passed');
    expect(outcomeFor(cuts, 'test/b.test.ts', index)).toBeUndefined();
    expect(outcomeFor(bind('describe "outer" > it "trims"', 'trims'), 'test/a.test.ts', index)?.source).toBe(
      'junit',
    );
    expect(outcomeFor(bind('describe "flat" > it "wraps"', 'wraps'), 'test/c.test.ts', index)?.status).toBe(
      'skipped',
    );
    expect(testBinding({ symbol: 'function helper' })).toBeUndefined();
    // A suite the scanner could not read (describe.skipIf(…)(…)): the one test whose path ends with ours.
    const skipIf = indexOutcomes([
      { status: 'failed', file: 'test/s.test.ts', titles: ['seed', 'keeps ids'], source: 'r' },
      { status: 'passed', file: 'test/s.test.ts', titles: ['a', 'twice'], source: 'r' },
      { status: 'passed', file: 'test/s.test.ts', titles: ['b', 'twice'], source: 'r' },
    ]);
    expect(outcomeFor(bind('it "keeps ids"', 'keeps ids'), 'test/s.test.ts', skipIf)?.status).toBe('failed');
    expect(outcomeFor(bind('it "twice"', 'twice'), 'test/s.test.ts', skipIf)).toBeUndefined();
    expect(bind('describe > it "t"', 't').complete).toBe(false);
  });
});
