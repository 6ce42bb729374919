/**
 * The vectors file: `{"format": "mcp-conformance-vectors/1", "vectors": [...]}`.
 * Read and checked here, by hand, with the same rules as the shipped JSON
 * Schema (schema/conformance-vectors.schema.json; a test holds the two
 * together) because the CLI must not depend on a schema validator at run
 * time. Every problem names its file:line:col and the fix. Pure.
 */

import { placeOf, valueOffsets } from './locate.ts';
import { isPointer } from './pointer.ts';

export const VECTORS_FORMAT = 'mcp-conformance-vectors/1';

/** One check on the answer frame: a JSON Pointer and exactly one of equals / exists / absent. */
export type Assertion =
  | { pointer: string; equals: unknown }
  | { pointer: string; exists: true }
  | { pointer: string; absent: true };

export type Expectation = { exact_frames: unknown[] } | { assertions: Assertion[] };

export interface Vector {
  id: string;
  transport: 'stdio' | 'http';
  description?: string;
  /** Fact references (`DOC#ID[~PIN]`) a pass of this vector verifies. */
  verifies?: string[];
  /** Frames sent first, in the fresh server; their answers are not asserted. */
  setup?: Record<string, unknown>[];
  /** One JSON-RPC object, sent as one compact line. */
  request?: Record<string, unknown>;
  /** One line sent verbatim (malformed JSON, duplicate keys). */
  raw?: string;
  /** For http vectors: where and with which headers the request goes. */
  http?: { path: string; method?: string; headers?: Record<string, string> };
  expect: Expectation;
}

/** A vector with the place it was read from. */
export interface PlacedVector {
  vector: Vector;
  file: string;
  line: number;
  column: number;
  /** Where each verified reference was written, parallel to `vector.verifies`. */
  verifiesAt: { line: number; column: number }[];
}

export class VectorsFormatError extends Error {
  override readonly name = 'VectorsFormatError';
}

const TOP_KEYS = ['$schema', 'format', 'description', 'vectors'];
const VECTOR_KEYS = [
  'id',
  'transport',
  'description',
  'verifies',
  'setup',
  'request',
  'raw',
  'http',
  'expect',
];
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Reads one vectors file; throws VectorsFormatError listing every problem. */
// @implements conformance#VECTORS-FORMAT
// @implements conformance#BAD-VECTORS-NAME-THEIR-LINE
export function parseVectors(text: string, file: string): PlacedVector[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new VectorsFormatError(
      `${file}:${jsonErrorPlace(text, error as Error)}: not valid JSON: ${(error as Error).message}; fix the syntax (one JSON document per file)`,
    );
  }
  const offsets = valueOffsets(text);
  const at = (pointer: string) => {
    const { line, column } = placeOf(text, offsets.get(pointer) ?? 0);
    return { line, column };
  };
  const problems: string[] = [];
  const problem = (pointer: string, message: string, fix: string) => {
    const p = at(pointer);
    problems.push(`${file}:${p.line}:${p.column}: ${message}; ${fix}`);
  };
  if (!isObject(data)) {
    problem('', 'the file is not a JSON object', `write {"format": "${VECTORS_FORMAT}", "vectors": [...]}`);
    throw new VectorsFormatError(problems.join('\n'));
  }
  for (const key of Object.keys(data)) {
    if (!TOP_KEYS.includes(key))
      problem(`/${key}`, `unknown top-level field \`${key}\``, `remove it (fields: ${TOP_KEYS.join(', ')})`);
  }
  if (data.format !== VECTORS_FORMAT) {
    problem(
      data.format === undefined ? '' : '/format',
      `\`format\` is ${JSON.stringify(data.format)}`,
      `set "format": "${VECTORS_FORMAT}"`,
    );
  }
  if (!Array.isArray(data.vectors)) {
    problem(
      data.vectors === undefined ? '' : '/vectors',
      '`vectors` is not an array',
      'list the vectors under "vectors": [...]',
    );
    throw new VectorsFormatError(problems.join('\n'));
  }
  const seen = new Map<string, number>();
  const placed: PlacedVector[] = [];
  data.vectors.forEach((v: unknown, i: number) => {
    const base = `/vectors/${i}`;
    const before = problems.length;
    checkVector(v, base, (rel, message, fix) => problem(`${base}${rel}`, message, fix));
    if (problems.length > before || !isObject(v)) return;
    const vector = v as unknown as Vector;
    const first = seen.get(vector.id);
    if (first !== undefined) {
      problem(
        `${base}/id`,
        `vector id \`${vector.id}\` is used twice (first at line ${first})`,
        'give each vector its own stable id',
      );
      return;
    }
    const here = at(base);
    seen.set(vector.id, at(`${base}/id`).line);
    placed.push({
      vector,
      file,
      ...here,
      verifiesAt: (vector.verifies ?? []).map((_, k) => at(`${base}/verifies/${k}`)),
    });
  });
  if (problems.length > 0) throw new VectorsFormatError(problems.join('\n'));
  return placed;
}

type Report = (pointer: string, message: string, fix: string) => void;

function checkVector(v: unknown, base: string, report: Report): void {
  if (!isObject(v)) {
    report(
      '',
      `vector ${base.split('/').at(-1)} is not an object`,
      'write each vector as {"id": ..., "transport": ..., "expect": ...}',
    );
    return;
  }
  const name = typeof v.id === 'string' ? `vector \`${v.id}\`` : `vector ${base.split('/').at(-1)}`;
  for (const key of Object.keys(v)) {
    if (!VECTOR_KEYS.includes(key))
      report(
        `/${key}`,
        `${name} has an unknown field \`${key}\``,
        `remove it (fields: ${VECTOR_KEYS.join(', ')})`,
      );
  }
  if (typeof v.id !== 'string' || !ID.test(v.id))
    report(
      v.id === undefined ? '' : '/id',
      `${name} has no usable \`id\``,
      'give it a stable id of letters, digits and . _ : -',
    );
  if (v.transport !== 'stdio' && v.transport !== 'http')
    report(
      v.transport === undefined ? '' : '/transport',
      `${name}: \`transport\` is ${JSON.stringify(v.transport)}`,
      'set "transport": "stdio" or "http"',
    );
  if (v.description !== undefined && typeof v.description !== 'string')
    report('/description', `${name}: \`description\` is not a string`, 'write it as a string');
  if (
    v.verifies !== undefined &&
    (!Array.isArray(v.verifies) || !v.verifies.every((r) => typeof r === 'string' && r.trim() !== ''))
  )
    report(
      '/verifies',
      `${name}: \`verifies\` is not a list of fact references`,
      'write e.g. "verifies": ["mcp-core#METHOD-PING"]',
    );
  if (v.setup !== undefined && (!Array.isArray(v.setup) || !v.setup.every(isObject)))
    report(
      '/setup',
      `${name}: \`setup\` is not a list of JSON-RPC objects`,
      'write each setup frame as an object',
    );
  const hasRequest = v.request !== undefined;
  const hasRaw = v.raw !== undefined;
  if (hasRequest === hasRaw)
    report(
      '',
      `${name} has ${hasRequest ? 'both `request` and `raw`' : 'neither `request` nor `raw`'}`,
      'give exactly one: "request" (an object) or "raw" (one line sent verbatim)',
    );
  if (hasRequest && !isObject(v.request))
    report(
      '/request',
      `${name}: \`request\` is not an object`,
      'write one JSON-RPC object, or use "raw" for a line that is not one',
    );
  if (hasRaw && (typeof v.raw !== 'string' || /[\r\n]/.test(v.raw)))
    report(
      '/raw',
      `${name}: \`raw\` is not a single line of text`,
      'write the line as one string without line breaks',
    );
  if (v.transport === 'http') {
    const h = v.http;
    if (
      !isObject(h) ||
      typeof h.path !== 'string' ||
      (h.headers !== undefined &&
        (!isObject(h.headers) || !Object.values(h.headers).every((x) => typeof x === 'string')))
    )
      report(
        h === undefined ? '' : '/http',
        `${name}: an http vector needs \`http\` with a \`path\` (and string \`headers\`)`,
        'write "http": {"path": "/mcp", "headers": {...}}',
      );
  } else if (v.http !== undefined)
    report(
      '/http',
      `${name}: \`http\` on a ${String(v.transport)} vector`,
      'remove it, or set "transport": "http"',
    );
  checkExpect(v.expect, name, report);
}

function checkExpect(e: unknown, name: string, report: Report): void {
  const fix =
    'write "expect": {"exact_frames": [...]} or {"assertions": [{"pointer": "/result", "exists": true}]}';
  if (!isObject(e)) {
    report(e === undefined ? '' : '/expect', `${name} has no \`expect\` object`, fix);
    return;
  }
  const keys = Object.keys(e);
  if (keys.length !== 1 || (keys[0] !== 'exact_frames' && keys[0] !== 'assertions')) {
    report(
      '/expect',
      `${name}: \`expect\` must hold exactly one of exact_frames, assertions (it has ${keys.join(', ') || 'nothing'})`,
      fix,
    );
    return;
  }
  if (keys[0] === 'exact_frames') {
    if (!Array.isArray(e.exact_frames))
      report(
        '/expect/exact_frames',
        `${name}: \`exact_frames\` is not a list`,
        'write the frames as a list ([] means no frame at all)',
      );
    return;
  }
  const list = e.assertions;
  if (!Array.isArray(list) || list.length === 0) {
    report('/expect/assertions', `${name}: \`assertions\` is not a non-empty list`, fix);
    return;
  }
  list.forEach((a: unknown, k: number) => {
    const where = `/expect/assertions/${k}`;
    if (!isObject(a) || typeof a.pointer !== 'string' || !isPointer(a.pointer)) {
      report(
        where,
        `${name}: assertion ${k} has no valid JSON Pointer in \`pointer\``,
        'write e.g. "pointer": "/result/protocolVersion" (RFC 6901)',
      );
      return;
    }
    const checks = Object.keys(a).filter((key) => key !== 'pointer');
    const valid =
      checks.length === 1 &&
      (checks[0] === 'equals' ||
        (checks[0] === 'exists' && a.exists === true) ||
        (checks[0] === 'absent' && a.absent === true));
    if (!valid)
      report(
        where,
        `${name}: assertion ${k} (${a.pointer}) must have exactly one of equals, "exists": true, "absent": true`,
        'keep one check per assertion; split the others into their own assertions',
      );
  });
}

/** Where JSON.parse stopped, from its message's position, as line:col. */
function jsonErrorPlace(text: string, error: Error): string {
  const m = /position (\d+)/.exec(error.message);
  const at = placeOf(text, m ? Number(m[1]) : text.length);
  return `${at.line}:${at.column}`;
}
