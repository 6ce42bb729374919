/** A runner's failure message as the gate shows it: decoded, several lines, bounded, one line. */
import { describe, expect, it } from 'vitest';
import { FAILURE_CHARS, FAILURE_LINES, failureSummary } from '../../../../checks/results/model.ts';
import { parseResults } from '../../../../checks/results/parse.ts';

describe('failure messages', () => {
  // @verifies results#RUNNER-MESSAGES-DECODED
  it("decodes pytest's escaped line breaks and keeps the lines after the first, on one line", () => {
    // pytest writes the assertion's explanation into the message attribute with &#10; between its lines.
    const xml = `<testsuites name="pytest tests"><testsuite name="pytest"><testcase classname="tests.test_x" name="test_x" file="tests/test_x.py"><failure message="assert True is False&#10; +  where True = f()&#10;&#10;x &lt; y">body</failure></testcase></testsuite></testsuites>`;
    const [o] = parseResults(xml, 'r.xml');
    expect(o!.failure).toBe('assert True is False ⏎ +  where True = f() ⏎ x < y');
  });

  // @verifies results#RUNNER-MESSAGES-DECODED
  it('drops colour codes and stack frames, and bounds lines and length', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    expect(failureSummary(`\u001b[31mboom\u001b[39m\n    at f (a.js:1:2)\n${lines.join('\n')}`)).toBe(
      ['boom', ...lines.slice(0, FAILURE_LINES - 1)].join(' ⏎ ') + ' ⏎ …',
    );
    const long = failureSummary('x'.repeat(5000))!;
    expect(long.length).toBe(FAILURE_CHARS);
    expect(long.endsWith('…')).toBe(true);
    expect(failureSummary('\n  \n')).toBeUndefined();
  });
});
