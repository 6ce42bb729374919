/** A results file that does not parse: the file, the place and what was expected there, in factline's words. */
import { describe, expect, it } from 'vitest';
import { parseResults } from '../../../../checks/results/parse.ts';

const messageOf = (text: string, file: string): string => {
  try {
    parseResults(text, file);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('parsed');
};

describe('a broken results file', () => {
  // @verifies results#BROKEN-RESULTS-PLACE
  it('XML: names the file, the line and column, and the tag expected, never the parser’s sentence', () => {
    const cut =
      '<testsuites>\n  <testsuite name="a">\n    <testcase name="x" classname="a">\n  </testsuite>\n</testsuites>\n';
    const message = messageOf(cut, 'results/junit.xml');
    expect(message).toBe(
      'results/junit.xml:4:3: not a well-formed JUnit XML file: expected </testcase> (the <testcase> opened at 3:5) before </testsuite>; the report was cut short or damaged: run the tests again to write it anew',
    );
    expect(message).not.toMatch(/instead of|Expected closing tag/);
    expect(messageOf('<testsuites>\n<testsuite name="a">', 'r.xml')).toMatch(
      /^r\.xml:2:21: not a well-formed JUnit XML file: the file ends with <testsuites>, <testsuite> never closed;/,
    );
    expect(messageOf('<testsuites><testsuite name=a></testsuite></testsuites>', 'r.xml')).toMatch(
      /^r\.xml:1:\d+: not a well-formed JUnit XML file: an attribute is broken here/,
    );
  });

  // @verifies results#BROKEN-RESULTS-PLACE
  it('JSON: names the place and what is wrong there, never V8’s sentence', () => {
    const cut = '{"testResults": [{"name": "a",\n "status": "passed"';
    expect(messageOf(cut, 'r.json')).toBe(
      'r.json:2:20: not a well-formed JSON report: the JSON ends before its last value is closed; the report was cut short or damaged: run the tests again to write it anew',
    );
    const wrong = messageOf('{"testResults": [}\n', 'r.json');
    expect(wrong).toMatch(
      /^r\.json:1:18: not a well-formed JSON report: a character JSON does not allow here/,
    );
    expect(wrong).not.toMatch(/Unexpected token|position/);
  });
});
