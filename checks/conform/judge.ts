/**
 * Judging what a server sent against a vector's expectation. Pure: the
 * frames come in as text lines, already collected by whoever ran the server.
 */
import type { Assertion, Vector } from './format.ts';
import { escapeToken, resolvePointer } from './pointer.ts';

/** One way the frames differ from the expectation: where, what was wanted, what came. */
export interface Mismatch {
  pointer: string;
  expected: string;
  actual: string;
}

export type Verdict = { status: 'passed' } | { status: 'failed'; mismatches: Mismatch[] };

const show = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

function parseFrame(line: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(line) };
  } catch {
    return { ok: false };
  }
}

/** The first place two JSON values differ (key order ignored), or undefined when equal. */
export function firstDifference(expected: unknown, actual: unknown, pointer = ''): Mismatch | undefined {
  const differ = (): Mismatch => ({ pointer, expected: show(expected), actual: show(actual) });
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return differ();
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= expected.length)
        return { pointer: `${pointer}/${i}`, expected: '(nothing)', actual: show(actual[i]) };
      if (i >= actual.length)
        return { pointer: `${pointer}/${i}`, expected: show(expected[i]), actual: '(nothing)' };
      const d = firstDifference(expected[i], actual[i], `${pointer}/${i}`);
      if (d) return d;
    }
    return undefined;
  }
  if (typeof expected === 'object' && expected !== null && typeof actual === 'object' && actual !== null) {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    for (const key of new Set([...Object.keys(e), ...Object.keys(a)])) {
      const at = `${pointer}/${escapeToken(key)}`;
      if (!Object.hasOwn(a, key)) return { pointer: at, expected: show(e[key]), actual: '(absent)' };
      if (!Object.hasOwn(e, key)) return { pointer: at, expected: '(absent)', actual: show(a[key]) };
      const d = firstDifference(e[key], a[key], at);
      if (d) return d;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : differ();
}

function checkAssertion(frame: unknown, a: Assertion): Mismatch | undefined {
  const found = resolvePointer(frame, a.pointer);
  const actual = found.found ? show(found.value) : '(absent)';
  if ('exists' in a) return found.found ? undefined : { pointer: a.pointer, expected: '(present)', actual };
  if ('absent' in a) return found.found ? { pointer: a.pointer, expected: '(absent)', actual } : undefined;
  if (!found.found) return { pointer: a.pointer, expected: show(a.equals), actual };
  const d = firstDifference(a.equals, found.value, a.pointer);
  return d === undefined ? undefined : { pointer: a.pointer, expected: show(a.equals), actual };
}

/**
 * The frame assertions read: the one answering the request's id, else
 * (a raw line, whose id the runner cannot know) the first frame.
 */
function answerFrame(vector: Vector, frames: unknown[]): unknown {
  const id = vector.request?.id;
  if (id !== undefined && id !== null) {
    const answer = frames.find(
      (f) => typeof f === 'object' && f !== null && (f as { id?: unknown }).id === id,
    );
    if (answer !== undefined) return answer;
  }
  return frames[0];
}

/**
 * `lines`: every line the server wrote after the vector's request, up to
 * (not including) the runner's sentinel answer.
 */
// @implements conformance#EXPECT-EXACT-FRAMES
// @implements conformance#EXPECT-ASSERTIONS
export function judge(vector: Vector, lines: readonly string[]): Verdict {
  const frames: unknown[] = [];
  for (const [i, line] of lines.entries()) {
    const parsed = parseFrame(line);
    if (!parsed.ok) {
      return {
        status: 'failed',
        mismatches: [{ pointer: `/${i}`, expected: 'a JSON frame', actual: show(line) }],
      };
    }
    frames.push(parsed.value);
  }
  const expect = vector.expect;
  if ('exact_frames' in expect) {
    const d = firstDifference(expect.exact_frames, frames);
    return d === undefined ? { status: 'passed' } : { status: 'failed', mismatches: [d] };
  }
  const frame = answerFrame(vector, frames);
  if (frame === undefined) {
    return {
      status: 'failed',
      mismatches: [{ pointer: '', expected: 'an answer frame', actual: '(no frame)' }],
    };
  }
  const mismatches = expect.assertions.flatMap((a) => checkAssertion(frame, a) ?? []);
  return mismatches.length === 0 ? { status: 'passed' } : { status: 'failed', mismatches };
}
