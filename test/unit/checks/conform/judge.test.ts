import { describe, expect, it } from 'vitest';
import { parseVectors, type Vector } from '../../../../checks/conform/format.ts';
import { judge } from '../../../../checks/conform/judge.ts';

const ping: Vector = {
  id: 'ping',
  transport: 'stdio',
  request: { jsonrpc: '2.0', id: 2, method: 'ping' },
  expect: { exact_frames: [{ jsonrpc: '2.0', id: 2, result: {} }] },
};

describe('judge: frames against an expectation', () => {
  // @verifies conformance#EXPECT-EXACT-FRAMES
  it('compares exact frames as JSON values and names the first difference', () => {
    expect(judge(ping, ['{"result":{},"id":2,"jsonrpc":"2.0"}'])).toEqual({ status: 'passed' });
    expect(judge(ping, ['{"jsonrpc":"2.0","id":2,"result":{"x":1}}'])).toEqual({
      status: 'failed',
      mismatches: [{ pointer: '/0/result/x', expected: '(absent)', actual: '1' }],
    });
    const silent: Vector = { ...ping, expect: { exact_frames: [] } };
    expect(judge(silent, [])).toEqual({ status: 'passed' });
    expect(judge(silent, ['{"jsonrpc":"2.0","id":2,"result":{}}'])).toMatchObject({
      status: 'failed',
      mismatches: [{ pointer: '/0', expected: '(nothing)' }],
    });
  });

  // @verifies conformance#EXPECT-ASSERTIONS
  it('checks equals / exists / absent on the frame answering the request, by JSON Pointer', () => {
    const v: Vector = {
      ...ping,
      expect: {
        assertions: [
          { pointer: '/result/a~1b', equals: { k: [1] } },
          { pointer: '/result/n', exists: true },
          { pointer: '/error', absent: true },
        ],
      },
    };
    const other = '{"jsonrpc":"2.0","method":"notifications/message"}';
    expect(judge(v, [other, '{"jsonrpc":"2.0","id":2,"result":{"a/b":{"k":[1]},"n":null}}'])).toEqual({
      status: 'passed',
    });
    expect(judge(v, ['{"jsonrpc":"2.0","id":2,"error":{"code":-32601},"result":{"a/b":{"k":[2]}}}'])).toEqual(
      {
        status: 'failed',
        mismatches: [
          { pointer: '/result/a~1b', expected: '{"k":[1]}', actual: '{"k":[2]}' },
          { pointer: '/result/n', expected: '(present)', actual: '(absent)' },
          { pointer: '/error', expected: '(absent)', actual: '{"code":-32601}' },
        ],
      },
    );
    expect(judge(v, [])).toMatchObject({ status: 'failed', mismatches: [{ actual: '(no frame)' }] });
  });
});

describe('parseVectors: problems at file:line:col with the fix', () => {
  // @verifies conformance#BAD-VECTORS-NAME-THEIR-LINE
  // @verifies conformance#VECTORS-FORMAT
  it('names the line of each bad vector and what to write instead', () => {
    const text = [
      '{"format": "mcp-conformance-vectors/1", "vectors": [',
      '  {"id": "ok", "transport": "stdio", "verifies": ["d#A"], "request": {"id": 1}, "expect": {"exact_frames": []}},',
      '  {"id": "both", "transport": "stdio", "request": {}, "raw": "x", "expect": {"exact_frames": []}},',
      '  {"id": "two-checks", "transport": "stdio", "raw": "x",',
      '   "expect": {"assertions": [{"pointer": "/a", "exists": true, "absent": true}]}},',
      '  {"id": "ok", "transport": "stdio", "raw": "x", "expect": {"exact_frames": []}, "extra": 1}',
      ']}',
    ].join('\n');
    let message = '';
    try {
      parseVectors(text, 'v.json');
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toMatch(/^v\.json:3:3: vector `both` has both `request` and `raw`; give exactly one/);
    expect(lines[1]).toMatch(
      /^v\.json:5:30: vector `two-checks`: assertion 0 \(\/a\) must have exactly one of/,
    );
    expect(lines[2]).toMatch(/^v\.json:6:91: vector `ok` has an unknown field `extra`; remove it/);
    expect(lines).toHaveLength(3);
    const good = parseVectors(text.split('\n').slice(0, 2).join('\n').replace(/,$/, ']}'), 'v.json');
    expect(good.map((p) => [p.vector.id, p.line, p.verifiesAt])).toEqual([
      ['ok', 2, [{ line: 2, column: 51 }]],
    ]);
    expect(() => parseVectors('{"format": 1,\n "vectors": [', 'w.json')).toThrow(
      /^w\.json:2:\d+: not valid JSON/,
    );
  });
});
