import { describe, expect, it } from 'vitest';
import { ResultsFormatError, type TestOutcome, type TestStatus } from '../../../../checks/results/index.ts';
import { indexOutcomes, type Join, joinCitation, testBinding } from '../../../../checks/results/join.ts';
import { parseResults } from '../../../../checks/results/parse.ts';

const summary = (text: string) =>
  parseResults(text, 'r.xml').map(
    (o) =>
      `${o.status} ${o.file ?? o.module ?? '-'} (${o.joinKey}${o.fileLevel ? ', whole file' : ''}) | ${o.titles.join(' > ')}${o.failure ? ` | ${o.failure}` : ''}`,
  );

describe('reading test results', () => {
  // @verifies results#RESULTS-FORMATS
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

  // @verifies results#RESULTS-FORMATS
  it('reads the JUnit flavours of jest-junit, pytest, cargo-nextest and Surefire', () => {
    const jest = `<testsuites name="jest tests"><testsuite name="text tools" tests="2">
      <testcase classname="text tools lines cuts" name="text tools lines cuts" file="test/t.test.js"/>
      <testcase classname="x" name="text tools trims"><failure message="">Error: expected 1
 at y</failure></testcase></testsuite></testsuites>`;
    expect(summary(jest)).toEqual([
      'passed test/t.test.js (file attribute) | text tools lines cuts',
      'failed - (none) | text tools trims | Error: expected 1',
    ]);
    const pytest = `<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="0">
      <testcase classname="tests.test_wire.TestWire" name="test_reads" file="tests/test_wire.py" line="12"/>
      <testcase classname="tests.test_wire" name="test_skip"><skipped type="pytest.skip" message="later">x</skipped></testcase>
      <testcase classname="tests.test_wire" name="test_err"><error message="fixture &apos;db&apos; not found"/></testcase>
      </testsuite></testsuites>`;
    expect(summary(pytest)).toEqual([
      'passed tests/test_wire.py (file attribute) | test_reads',
      'skipped tests.test_wire (dotted module) | test_skip',
      "failed tests.test_wire (dotted module) | test_err | fixture 'db' not found",
    ]);
    const nextest = `<testsuites name="nextest-run" tests="1" failures="1"><testsuite name="wire::bin/wire" tests="1">
      <testcase name="tests::reads_line" classname="wire::bin/wire"><failure type="test failure">thread 'tests::reads_line' panicked at src/lib.rs:4:9</failure></testcase>
      </testsuite></testsuites>`;
    expect(summary(nextest)).toEqual([
      "failed - (none) | tests::reads_line | thread 'tests::reads_line' panicked at src/lib.rs:4:9",
    ]);
    const surefire = `<testsuite name="com.example.WireTest" tests="2"><testcase name="readsLine" classname="com.example.WireTest" time="0.01"/>
      <testcase name="writesLine" classname="com.example.WireTest"><skipped/></testcase></testsuite>`;
    // Surefire's suite per class: the class, which the join maps to the Java file its path names.
    expect(summary(surefire)).toEqual([
      'passed com.example.WireTest (dotted module) | readsLine',
      'skipped com.example.WireTest (dotted module) | writesLine',
    ]);
  });

  // @verifies results#RESULTS-FORMATS
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
  const outcome = (
    file: string | undefined,
    titles: string[],
    status: TestStatus = 'passed',
  ): TestOutcome => ({
    status,
    titles,
    source: 'r',
    ...(file !== undefined ? { file } : {}),
  });
  const bind = (symbol: string, testName?: string) =>
    testBinding(testName === undefined ? { symbol } : { symbol, testName });
  const verdict = (j: Join) => (j.kind === 'outcome' ? j.status : `unconfirmed: ${j.reason}`);

  // @verifies results#RESULTS-JOIN-BY-FILE-AND-NAME
  // @verifies results#RESULTS-JOIN-EXACT
  it('joins on the exact root-relative file and the full title path, never on a path that ends the same', () => {
    const index = indexOutcomes(
      [
        outcome('/ci/x/test/a.test.ts', ['outer', 'inner > deep', 'cuts']),
        outcome('packages/legacy/test/greet.test.ts', ['greets']),
        outcome('/ci/x/test/b.test.ts', ['outer', 'trims'], 'failed'),
        outcome('./test/b.test.ts', ['outer', 'trims']),
      ],
      { root: '/ci/x' },
    );
    const cuts = bind('describe "outer" > describe "inner > deep" > it "cuts" > function helper', 'cuts')!;
    expect(cuts.titles).toEqual(['outer', 'inner > deep', 'cuts']);
    expect(verdict(joinCitation(cuts, 'test/a.test.ts', index))).toBe('passed');
    expect(verdict(joinCitation(bind('it "greets"', 'greets'), 'test/greet.test.ts', index))).toBe(
      'unconfirmed: file-absent',
    );
    expect(
      verdict(joinCitation(bind('describe "outer" > it "trims"', 'trims'), 'test/b.test.ts', index)),
    ).toBe('failed');
    expect(verdict(joinCitation(bind('it "other"', 'other'), 'test/a.test.ts', index))).toBe(
      'unconfirmed: title-not-found',
    );
    expect(bind('function helper')).toBeUndefined();
    expect(verdict(joinCitation(undefined, 'test/a.test.ts', index))).toBe('unconfirmed: no-test-block');
    expect(verdict(joinCitation(bind('describe > it "t"', 't'), 'test/a.test.ts', index))).toBe(
      'unconfirmed: title-not-literal',
    );
    expect(verdict(joinCitation(bind('it'), 'test/a.test.ts', index))).toBe('unconfirmed: title-not-literal');
    // Case is folded only where the file system folds it.
    const upper = indexOutcomes([outcome('Test/A.test.ts', ['x'])], { foldCase: true });
    expect(verdict(joinCitation(bind('it "x"', 'x'), 'test/a.test.ts', upper))).toBe('passed');
    const exact = indexOutcomes([outcome('Test/A.test.ts', ['x'])]);
    expect(verdict(joinCitation(bind('it "x"', 'x'), 'test/a.test.ts', exact))).toBe(
      'unconfirmed: file-absent',
    );
  });

  // @verifies results#RESULTS-JOIN-EXACT
  it('a skipped test of the same title never stands in: one passed and one skipped is ambiguous', () => {
    const index = indexOutcomes([
      outcome('test/g.test.ts', ['greets by name'], 'skipped'),
      outcome('test/g.test.ts', ['greets by name']),
    ]);
    const j = joinCitation(bind('it "greets by name"', 'greets by name'), 'test/g.test.ts', index);
    expect(verdict(j)).toBe('unconfirmed: ambiguous');
    // The same test in two reports (JSON and JUnit of one run) agrees with itself.
    const twice = indexOutcomes([outcome('test/g.test.ts', ['x']), outcome('test/g.test.ts', ['x'])]);
    expect(verdict(joinCitation(bind('it "x"', 'x'), 'test/g.test.ts', twice))).toBe('passed');
  });

  // @verifies results#RESULTS-DESCRIBE-JUDGED-BY-EVERY-TEST
  it('a citation on a suite is judged by every test under it', () => {
    const index = indexOutcomes([
      outcome('test/d.test.ts', ['block', 'one']),
      outcome('test/d.test.ts', ['block', 'inner', 'two'], 'failed'),
      outcome('test/d.test.ts', ['other', 'three']),
      outcome('test/e.test.ts', ['block', 'one']),
      outcome('test/e.test.ts', ['block', 'later'], 'todo'),
    ]);
    const block = bind('describe "block"')!;
    expect(block).toMatchObject({ titles: ['block'], block: true });
    expect(verdict(joinCitation(block, 'test/d.test.ts', index))).toBe('failed');
    expect(verdict(joinCitation(bind('describe "block" > const x'), 'test/e.test.ts', index))).toBe('todo');
    expect(verdict(joinCitation(bind('describe "other"'), 'test/d.test.ts', index))).toBe('passed');
    expect(verdict(joinCitation(bind('describe "none"'), 'test/d.test.ts', index))).toBe(
      'unconfirmed: title-not-found',
    );
  });

  // @verifies results#RESULTS-FILE-FAILURE-FAILS-ITS-CITATIONS
  it('a file that failed as a whole fails every citation in it, bound or not', () => {
    const index = indexOutcomes([{ ...outcome('test/f.test.ts', [], 'failed'), fileLevel: true }]);
    expect(verdict(joinCitation(bind('it "x"', 'x'), 'test/f.test.ts', index))).toBe('failed');
    expect(verdict(joinCitation(undefined, 'test/f.test.ts', index))).toBe('failed');
  });

  // @verifies results#RESULTS-JUNIT-FLAVOURS
  it("reads flat names (jest-junit) and pytest modules against the citation's own file", () => {
    const index = indexOutcomes([
      { ...outcome('test/j.test.js', [' top level']), flat: true },
      { ...outcome('test/j.test.js', ['greeter greets by name']), flat: true },
      { status: 'failed', titles: ['test_fails'], module: 'tests.unit.test_greet', flat: true, source: 'r' },
      { status: 'passed', titles: ['test_p[1-2]'], module: 'tests.unit.test_greet', flat: true, source: 'r' },
      {
        status: 'passed',
        titles: ['test_in_class'],
        module: 'tests.unit.test_greet.TestGreeter',
        flat: true,
        source: 'r',
      },
    ]);
    expect(verdict(joinCitation(bind('test "top level"', 'top level'), 'test/j.test.js', index))).toBe(
      'passed',
    );
    expect(
      verdict(
        joinCitation(
          bind('describe "greeter" > it "greets by name"', 'greets by name'),
          'test/j.test.js',
          index,
        ),
      ),
    ).toBe('passed');
    expect(verdict(joinCitation(bind('describe "greeter"'), 'test/j.test.js', index))).toBe('passed');
    const py = (name: string) =>
      testBinding({ symbol: `function ${name}`, file: 'tests/unit/test_greet.py' });
    expect(verdict(joinCitation(py('test_fails'), 'tests/unit/test_greet.py', index))).toBe('failed');
    expect(verdict(joinCitation(py('test_p'), 'tests/unit/test_greet.py', index))).toBe('passed');
    expect(verdict(joinCitation(py('test_in_class'), 'tests/unit/test_greet.py', index))).toBe('passed');
    expect(verdict(joinCitation(py('test_in_class'), 'other/test_greet.py', index))).toBe(
      'unconfirmed: file-absent',
    );
  });
});
