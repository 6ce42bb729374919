/**
 * The bounds a frame must keep before any method sees it: size, nesting,
 * number of values, no duplicate keys. One pass over the text finds every
 * breach, so JSON.parse only ever runs on frames known to be small and plain.
 * Pure: the loop and the transports call it, nothing here does I/O.
 */
import { spec } from '../engine/generate/template-spec.ts';
import { closingQuote, errorFrame, exactId, memberText, RawId, type RpcErrorObject } from './jsonrpc.ts';

/** The limits one server keeps; every field can be set per server (`ServerOptions.limits`). */
export interface Limits {
  /** Bytes of UTF-8 in one frame, its terminator not counted. */
  frameBytes: number;
  /** Levels of JSON nesting; the frame object is level one. */
  depth: number;
  /** JSON values in one frame (objects, arrays and scalars; keys do not count). */
  nodes: number;
  /** Characters of frames the stdio transport reads ahead of the loop. */
  readAheadBytes: number;
  /** Characters of answers queued for the host before the loop waits for it to read. */
  writeHighWater: number;
}

// The values the spec names; change them there and run `factline gen`.
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  // @implements mcp-bounds#BOUND-FRAME-BYTES
  frameBytes: spec.value('BOUND-FRAME-BYTES', 'integer'),
  // @implements mcp-bounds#BOUND-DEPTH
  depth: spec.value('BOUND-DEPTH', 'integer'),
  // @implements mcp-bounds#BOUND-NODES
  nodes: spec.value('BOUND-NODES', 'integer'),
  // @implements mcp-bounds#READ-AHEAD-IS-BOUNDED-IN-BYTES
  readAheadBytes: spec.value('READ-AHEAD-IS-BOUNDED-IN-BYTES', 'integer'),
  // @implements mcp-bounds#OUTPUT-RESPECTS-BACK-PRESSURE
  writeHighWater: spec.value('OUTPUT-RESPECTS-BACK-PRESSURE', 'integer'),
});

// @implements mcp-bounds#BOUND-REFUSAL-IS-INVALID-REQUEST
export const BOUND_ERROR_CODE = spec.value('BOUND-REFUSAL-IS-INVALID-REQUEST', 'jsonrpc-code');

/** The names `data.bound` carries, as the spec spells them. */
export const BOUNDS = {
  frameBytes: spec.value('BOUND-FRAME-BYTES', 'string', 'bound'),
  depth: spec.value('BOUND-DEPTH', 'string', 'bound'),
  nodes: spec.value('BOUND-NODES', 'string', 'bound'),
  duplicateKeys: spec.value('BOUND-DUPLICATE-KEYS', 'string', 'bound'),
} as const;

/** Limits with the defaults filled in; a bad value is refused here, where the server is built. */
export function limitsOf(given: Partial<Limits> = {}): Limits {
  const limits = { ...DEFAULT_LIMITS, ...given };
  for (const [key, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`limits.${key} must be a whole number from 1, got ${String(value)}`);
    }
  }
  return limits;
}

// @implements mcp-bounds#LONG-LINE-IS-SKIPPED-NOT-HELD
// @implements mcp-host#SKIPPED-LINE-IS-NOT-TEXT
/**
 * What a decoder hands on in place of a line it dropped for being too long:
 * its length and, when the kept ends of it held one, the frame's id as
 * written. It is a value of its own, not text: no line a client sends can be
 * taken for it, whatever bytes it holds.
 */
export class SkippedLine {
  constructor(
    readonly bytes: number,
    readonly idText?: string,
  ) {}
}

/** What a transport hands the loop: a line as it came, or the note of one skipped for its size. */
export type InboundLine = string | SkippedLine;

export function tooLongLine(bytes: number, idText?: string): SkippedLine {
  return new SkippedLine(bytes, idText);
}

// @implements mcp-host#OVERSIZED-FRAME-ANSWERS-ITS-ID
/** Characters kept of each end of a line skipped for its size: where its id is read from. */
export const ID_WINDOW = spec.value('OVERSIZED-FRAME-ANSWERS-ITS-ID', 'integer');

// The id as a member of the top-level object followed only by scalar members
// (both official SDKs write it last): what follows it closes the frame.
const LAST_ID =
  /[{,]\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)\s*(?:,\s*"(?:[^"\\]|\\.)*"\s*:\s*(?:"(?:[^"\\]|\\.)*"|[-\w.+]+)\s*)*\}\s*$/;

/**
 * The top-level id of a frame known only by its first and last characters,
 * as JSON text; undefined when neither end holds it whole.
 */
// @implements mcp-host#OVERSIZED-FRAME-ANSWERS-ITS-ID
export function idOfEnds(head: string, tail: string): string | undefined {
  const first = memberText(head, 'id');
  if (first !== undefined) return first;
  const last = LAST_ID.exec(tail)?.[1];
  if (last === undefined) return undefined;
  try {
    JSON.parse(last);
    return last;
  } catch {
    return undefined;
  }
}

/** The id a refusal of an oversized frame answers: its own when an end of it held it. */
function idOfText(text: string | undefined): unknown {
  if (text === undefined) return null;
  const parsed = JSON.parse(text) as unknown;
  return typeof parsed === 'number' && JSON.stringify(parsed) !== text ? new RawId(text) : parsed;
}

/** A frame refused at the edge: the answer to write, ready to send. */
export function refusalFrame(id: unknown, bound: string, limit: number, detail: string): string {
  const error: RpcErrorObject = {
    code: BOUND_ERROR_CODE,
    message: `Invalid request: ${detail} (bound \`${bound}\` is ${limit})`,
    data: { bound, limit },
  };
  return errorFrame(id, error);
}

/**
 * The refusal for `line`, or undefined when it keeps every bound. Cheap on
 * the frames hosts really send: one scan of the text, no allocation but the
 * keys of objects with more than one.
 */
// @implements mcp-bounds#BOUND-REFUSAL-IS-INVALID-REQUEST
export function screenFrame(line: InboundLine, limits: Limits): string | undefined {
  if (line instanceof SkippedLine) {
    // @implements mcp-bounds#REFUSAL-ECHOES-ID-ONLY-WHEN-SAFE
    return refusalFrame(
      idOfText(line.idText),
      BOUNDS.frameBytes,
      limits.frameBytes,
      `the frame is ${line.bytes} bytes or more and was skipped unread`,
    );
  }
  // Every UTF-16 unit is one to three UTF-8 bytes: count exactly only when it can matter.
  if (line.length * 3 > limits.frameBytes) {
    const bytes = Buffer.byteLength(line, 'utf8');
    if (bytes > limits.frameBytes) {
      // @implements mcp-host#OVERSIZED-FRAME-ANSWERS-ITS-ID
      const id = idOfText(idOfEnds(line.slice(0, ID_WINDOW), line.slice(-ID_WINDOW)));
      return refusalFrame(id, BOUNDS.frameBytes, limits.frameBytes, `the frame is ${bytes} bytes`);
    }
  }
  const breach = scanJson(line, limits);
  if (breach === undefined) return undefined;
  return refusalFrame(safeId(line), breach.bound, breach.limit, breach.detail);
}

interface Breach {
  bound: string;
  limit: number;
  detail: string;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COLON = 58;

let isObject = new Uint8Array(0);
let wantsKey = new Uint8Array(0);
// The keys of the open objects, as [start, end) offsets into the text: a
// stack, each object's keys from keyBegin[depth] up, popped when it closes.
// Offsets, not strings: comparing a few short keys in place allocates nothing.
const spans: number[] = [];
let top = 0;
let keyBegin = new Int32Array(0);
// An object with many keys, or a key written with escapes, is checked with a Set of the keys as read.
const keySets: (Set<string> | undefined)[] = [];

/** Past this many keys an object's keys go into a Set. */
const LIST_KEYS = 16;

/**
 * One pass over JSON text counting depth and values and comparing the keys of
 * each object. Lenient about grammar: a breach is reported as soon as it is
 * seen, and text that keeps every bound is left to JSON.parse to judge.
 */
function scanJson(text: string, limits: Limits): Breach | undefined {
  const maxDepth = limits.depth;
  // Per open container: is it an object, does a key come next, the keys it has.
  // Shared across calls (the scan never yields), so a frame allocates nothing here.
  if (isObject.length < maxDepth + 2) {
    isObject = new Uint8Array(maxDepth + 2);
    wantsKey = new Uint8Array(maxDepth + 2);
    keyBegin = new Int32Array(maxDepth + 2);
  }
  top = 0;
  let depth = 0;
  let nodes = 0;
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(text, i);
      if (end === -1) return undefined;
      if (depth > 0 && isObject[depth] === 1 && wantsKey[depth] === 1) {
        wantsKey[depth] = 0;
        // @implements mcp-bounds#BOUND-DUPLICATE-KEYS
        const duplicate = repeatedKey(text, depth, i + 1, end);
        if (duplicate !== undefined) {
          return {
            bound: BOUNDS.duplicateKeys,
            limit: 1,
            detail: `an object names the key ${JSON.stringify(duplicate)} twice`,
          };
        }
      } else if (++nodes > limits.nodes) {
        return nodesBreach(limits);
      }
      i = end + 1;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > maxDepth) {
        return {
          bound: BOUNDS.depth,
          limit: maxDepth,
          detail: `the JSON nests deeper than ${maxDepth} levels`,
        };
      }
      if (++nodes > limits.nodes) return nodesBreach(limits);
      isObject[depth] = c === OPEN_OBJECT ? 1 : 0;
      wantsKey[depth] = isObject[depth] as number;
      keyBegin[depth] = top;
      keySets[depth] = undefined;
      i++;
      continue;
    }
    if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (isObject[depth] === 1) {
        top = keyBegin[depth] as number;
        keySets[depth] = undefined;
      }
      if (depth > 0) depth--;
      i++;
      continue;
    }
    if (c === COMMA) {
      if (isObject[depth] === 1) wantsKey[depth] = 1;
      i++;
      continue;
    }
    if (c === COLON || c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    // A scalar (number, true, false, null): one value, up to the next delimiter.
    if (++nodes > limits.nodes) return nodesBreach(limits);
    i++;
    while (i < length) {
      const d = text.charCodeAt(i);
      if (d === COMMA || d === CLOSE_ARRAY || d === CLOSE_OBJECT || d === 32 || d === QUOTE || d === COLON)
        break;
      if (d === OPEN_ARRAY || d === OPEN_OBJECT || d === 9 || d === 10 || d === 13) break;
      i++;
    }
  }
  return undefined;
}

function hasEscape(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === BACKSLASH) return true;
  return false;
}

function nodesBreach(limits: Limits): Breach {
  return {
    bound: BOUNDS.nodes,
    limit: limits.nodes,
    detail: `the frame holds more than ${limits.nodes} JSON values`,
  };
}

/** The key at [start, end) when the object at `depth` already has it (as read); else records it. */
function repeatedKey(text: string, depth: number, start: number, end: number): string | undefined {
  const escaped = hasEscape(text, start, end);
  let set = keySets[depth];
  if (set === undefined && !escaped) {
    const length = end - start;
    const begin = keyBegin[depth] as number;
    for (let k = begin; k < top; k += 2) {
      const from = spans[k] as number;
      if ((spans[k + 1] as number) - from === length && sameText(text, from, start, length)) {
        return text.slice(start, end);
      }
    }
    if (top - begin < 2 * LIST_KEYS) {
      spans[top++] = start;
      spans[top++] = end;
      return undefined;
    }
  }
  if (set === undefined) {
    set = new Set();
    for (let k = keyBegin[depth] as number; k < top; k += 2) set.add(text.slice(spans[k], spans[k + 1]));
    keySets[depth] = set;
  }
  const key = escaped ? unescapeKey(text.slice(start - 1, end + 1)) : text.slice(start, end);
  // A key the parser would refuse is left for JSON.parse to report.
  if (key === undefined) return undefined;
  if (set.has(key)) return key;
  set.add(key);
  return undefined;
}

function sameText(text: string, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}

/** A key written with escapes, as the parser would read it; undefined when it is not valid. */
function unescapeKey(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

/**
 * The id of a refused frame when it is safe to echo: a string or a number at
 * the top level of a frame that parses. JSON.parse itself does not recurse,
 * so even a frame far deeper than the bound is read without risk.
 */
// @implements mcp-bounds#REFUSAL-ECHOES-ID-ONLY-WHEN-SAFE
function safeId(line: string): unknown {
  try {
    const frame = JSON.parse(line) as { id?: unknown } | null;
    const id = frame !== null && typeof frame === 'object' ? frame.id : undefined;
    return typeof id === 'string' || typeof id === 'number' ? exactId(line, id) : null;
  } catch {
    return null;
  }
}
