/**
 * The wire grammar, pure: how one inbound line classifies and how answers
 * are spelled. No I/O here, so every rule is testable on strings alone.
 * Values named by the spec (revision, codes, method names) come from it.
 */
import { spec } from '../engine/generate/template-spec.ts';

// @implements mcp-core#ANSWERED-PROTOCOL-REVISION~8f17f5bc
export const PROTOCOL_VERSION = spec.value('ANSWERED-PROTOCOL-REVISION', 'revision');

export const METHODS = {
  initialize: spec.value('METHOD-INITIALIZE', 'method'),
  toolsList: spec.value('METHOD-TOOLS-LIST', 'method'),
  toolsCall: spec.value('METHOD-TOOLS-CALL', 'method', 'method'),
  ping: spec.value('METHOD-PING', 'method'),
} as const;

export const ERROR_CODES = {
  parseError: spec.value('MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP', 'jsonrpc-code'),
  invalidParams: spec.value('METHOD-TOOLS-CALL', 'jsonrpc-code', 'invalid-params'),
  methodNotFound: spec.value('METHOD-TOOLS-CALL', 'jsonrpc-code', 'method-not-found'),
  // @implements mcp-host#NOT-AN-OBJECT-IS-INVALID-REQUEST
  invalidRequest: spec.value('NOT-AN-OBJECT-IS-INVALID-REQUEST', 'jsonrpc-code', 'invalid-request'),
  // @implements mcp-host#UNKNOWN-TOOL-IS-INVALID-PARAMS
  unknownTool: spec.value('UNKNOWN-TOOL-IS-INVALID-PARAMS', 'jsonrpc-code', 'invalid-params'),
  // JSON-RPC 2.0's own code for a failure inside the server; the spec names none,
  // and a request must still be answered when a method handler throws.
  internalError: -32603,
} as const;

/** A JSON-RPC error object as it goes on the wire. */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** What a method handler answers: a result, or a protocol error. */
export type Reply = { result: unknown } | { error: RpcErrorObject };

export type Frame =
  | { kind: 'request'; id: unknown; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'malformed'; id: unknown; reason: string; code: number };

/**
 * A numeric id as the request wrote it, for an id a JavaScript number would
 * round (beyond 2^53, say): answered with these exact digits.
 */
// @implements mcp-host#IDS-ARE-ECHOED-AS-WRITTEN
export class RawId {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/**
 * The id to answer for `parsed`, the id JSON.parse read from `line`: itself,
 * or a `RawId` of its own digits when the number read is not what was written.
 */
export function exactId(line: string, parsed: unknown): unknown {
  if (typeof parsed !== 'number' || Number.isSafeInteger(parsed)) return parsed;
  const text = memberText(line, 'id');
  return text === undefined || text === JSON.stringify(parsed) ? parsed : new RawId(text);
}

/**
 * The text of the scalar member `key` of the top-level object in `json`, as
 * written; undefined when the object has none, or it is not a string or a
 * number, or the text ends before it does. Reads a prefix of a frame safely.
 */
export function memberText(json: string, key: string): string | undefined {
  const span = memberSpan(json, key);
  return span === undefined ? undefined : json.slice(span.start, span.end);
}

/**
 * Where the text of the scalar member `key` of the top-level object in `json`
 * starts and ends, under the same terms as `memberText`: what lets a frame's
 * id be swapped as written, without parsing and spelling the rest again.
 */
export function memberSpan(json: string, key: string): { start: number; end: number } | undefined {
  const want = JSON.stringify(key);
  let depth = 0;
  let wantsKey = false;
  let topIsObject = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(json, i);
      if (end === -1) return undefined;
      if (depth === 1 && topIsObject && wantsKey) {
        wantsKey = false;
        if (json.slice(i, end + 1) === want) return scalarAfterColon(json, end + 1);
      }
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth === 1) {
        topIsObject = c === OPEN_OBJECT;
        wantsKey = topIsObject;
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (--depth === 0) return undefined;
    } else if (c === COMMA && depth === 1) {
      wantsKey = true;
    }
  }
  return undefined;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const SCALAR = /^\s*:\s*("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)(?=\s*[,}])/;

function scalarAfterColon(json: string, from: number): { start: number; end: number } | undefined {
  const m = SCALAR.exec(json.slice(from, from + 4096));
  if (m === null) return undefined;
  const text = m[1] as string;
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  const end = from + m[0].length;
  return { start: end - text.length, end };
}

/** Where the string opening at `open` ends: the next quote not escaped by an odd run of backslashes. */
export function closingQuote(text: string, open: number): number {
  let end = open;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end === -1) return -1;
    let run = 0;
    while (text.charCodeAt(end - 1 - run) === BACKSLASH) run++;
    if (run % 2 === 0) return end;
  }
}

/** True for a line holding nothing but whitespace (a CR left by CRLF included). */
export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** Classifies one inbound line. Never throws: a bad line is a `malformed` frame. */
export function classifyLine(line: string): Frame {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return {
      kind: 'malformed',
      id: null,
      reason: `not JSON (${(error as Error).message})`,
      code: ERROR_CODES.parseError,
    };
  }
  // @implements mcp-host#NOT-AN-OBJECT-IS-INVALID-REQUEST
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      kind: 'malformed',
      id: null,
      reason: Array.isArray(value)
        ? 'a batch (MCP has none): send one JSON object per line'
        : 'not a JSON object',
      code: ERROR_CODES.invalidRequest,
    };
  }
  const frame = value as { id?: unknown; method?: unknown; params?: unknown };
  // @implements mcp-core#FRAME-WITH-ID-IS-A-REQUEST~1297feb4
  const isRequest = frame.id !== undefined && frame.id !== null;
  // @implements mcp-host#REQUEST-ID-IS-A-STRING-OR-A-NUMBER
  if (isRequest && typeof frame.id !== 'string' && typeof frame.id !== 'number') {
    // An id of another type cannot be echoed safely: the answer names none.
    return {
      kind: 'malformed',
      id: null,
      reason: `an id must be a string or a number, not ${Array.isArray(frame.id) ? 'an array' : typeof frame.id === 'object' ? 'an object' : `a ${typeof frame.id}`}`,
      code: ERROR_CODES.invalidRequest,
    };
  }
  const id = isRequest ? exactId(line, frame.id) : null;
  // @implements mcp-core#MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP~6ba9b91c
  if (typeof frame.method !== 'string') {
    // A request still gets its own id back, so the client can match the error to it.
    return {
      kind: 'malformed',
      id,
      reason: 'the frame has no string `method`',
      code: ERROR_CODES.parseError,
    };
  }
  if (isRequest) return { kind: 'request', id, method: frame.method, params: frame.params };
  // @implements mcp-core#FRAME-WITHOUT-ID-IS-A-NOTIFICATION~10ab74d3
  return { kind: 'notification', method: frame.method, params: frame.params };
}

// @implements mcp-core#WIRE-IS-LINE-DELIMITED-JSON-RPC-OVER-STDIO~0e26c851
export function resultFrame(id: unknown, result: unknown): string {
  // JSON.stringify never emits a raw newline, so one answer is always one line.
  const json = JSON.stringify(result);
  return json === undefined
    ? JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(spellId(id) ?? 'null'), result })
    : resultJsonFrame(id, json);
}

/**
 * A result frame around `json`, a result already serialized (compact, one
 * line): the envelope is spliced, the same text `resultFrame` would spell.
 */
export function resultJsonFrame(id: unknown, json: string): string {
  const idJson = spellId(id);
  // An id JSON cannot spell (undefined, a function) is left out, as JSON.stringify would.
  return idJson === undefined
    ? `{"jsonrpc":"2.0","result":${json}}`
    : `{"jsonrpc":"2.0","id":${idJson},"result":${json}}`;
}

export function errorFrame(id: unknown, error: RpcErrorObject): string {
  const idJson = spellId(id);
  const body = `"error":${spellError(error)}`;
  return idJson === undefined ? `{"jsonrpc":"2.0",${body}}` : `{"jsonrpc":"2.0","id":${idJson},${body}}`;
}

// @implements mcp-bounds#ANSWER-SPELLING-NEVER-THROWS
/** The id as JSON; `null` when JSON.stringify cannot spell it (too deep, a cycle, a BigInt). */
function spellId(id: unknown): string | undefined {
  if (typeof id === 'number' || typeof id === 'string') return JSON.stringify(id);
  // @implements mcp-host#IDS-ARE-ECHOED-AS-WRITTEN
  if (id instanceof RawId) return id.text;
  try {
    return JSON.stringify(id);
  } catch {
    return 'null';
  }
}

/** An error object as JSON; its `data` is dropped when it cannot be spelled. */
function spellError(error: RpcErrorObject): string {
  try {
    return JSON.stringify(error);
  } catch {
    return JSON.stringify({ code: error.code, message: error.message });
  }
}

export function replyFrame(id: unknown, reply: Reply): string {
  if ('error' in reply) return errorFrame(id, reply.error);
  try {
    return resultFrame(id, reply.result);
  } catch (error) {
    // A result JSON cannot spell (a cycle, a BigInt) still gets its one answer.
    return errorFrame(id, {
      code: ERROR_CODES.internalError,
      message: `Internal error: the result cannot be written as JSON (${(error as Error).message})`,
    });
  }
}

export function rpcError(code: number, message: string, data?: unknown): { error: RpcErrorObject } {
  return data === undefined ? { error: { code, message } } : { error: { code, message, data } };
}
