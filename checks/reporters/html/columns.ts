/**
 * A lossless columnar form of JSON for the page's gate data: arrays of like
 * objects (facts, citations, findings) stored as columns, so each key is
 * written once and like values sit together, and gzip takes the data further.
 * A long string met again is written as a reference to its first place:
 * gzip sees only 32 KB back, and a unit's title repeats its fact's text
 * megabytes earlier. decodeColumns(encodeColumns(v)) equals v, key order
 * included, so `JSON.stringify(decoded, null, 2)` is again the text it came
 * from. Pure: used by the renderer and by the page script.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An array of objects, as `{ [TABLE]: [shapes, shape per row, columns] }`. */
const TABLE = '\u0000table';
/** An object with a key of ours (`\u0000…`), kept as its entries. */
const ENTRIES = '\u0000entries';
/** `{ [SAME]: n }`: the n-th long string of the data (first places, in order of writing) again. */
const SAME = '\u0000';
/**
 * Strings of at least this many UTF-16 units are written once. Shorter ones
 * (ids, addresses, paths) are many and small, and gzip takes their repeats
 * well: looking each up cost a cold run more time than it saved, while
 * texts and titles are most of the data (vibevm's: 7.0 MB of JSON, 5.4 with
 * them once).
 */
const LONG = 64;

/** The long strings met so far, in the order the encoder writes them and the decoder reads them. */
interface Seen {
  index: Map<string, number>;
}

type Table = [shapes: string[][], rows: number[], columns: [key: string, values: Json[]][]];

/** An object JSON writes as `{…}` (not null, not an array). */
function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether JSON would replace `value` by what its `toJSON` returns. */
function hasToJSON(value: unknown): value is { toJSON(key: string): unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}

/**
 * `value` in columns, as JSON would read it back: the JSON text of
 * `encodeColumns(v)` decodes to `JSON.parse(JSON.stringify(v))` (own enumerable keys in their order,
 * `toJSON` applied, non-finite numbers as null, -0 as 0, undefined,
 * functions and symbols left out of objects and null in arrays, `__proto__`
 * an own key), made straight from the value in one pass: no JSON text, no
 * plain copy first.
 */
// @implements report#REPORT-DATA-COMPRESSED
// @implements report#REPORT-DATA-LONG-STRINGS-ONCE
// @implements report#REPORT-DATA-WITHOUT-TEXT
export function encodeColumns(value: unknown): Json {
  return encode(value, '', { index: new Map() }) ?? null;
}

/** JSON's value for `raw` under `key` (toJSON applied), encoded; undefined where JSON writes nothing. */
function encode(raw: unknown, key: string | number, seen: Seen): Json | undefined {
  return encodeValue(hasToJSON(raw) ? raw.toJSON(String(key)) : raw, seen);
}

/** A value whose toJSON, if any, was applied already. */
function encodeValue(value: unknown, seen: Seen): Json | undefined {
  switch (typeof value) {
    case 'string': {
      if (value.length < LONG) return value;
      const first = seen.index.get(value);
      // A literal key, not [SAME]: a computed key makes a slow dictionary object, tens of thousands of them here.
      if (first !== undefined) return { '\u0000': first };
      seen.index.set(value, seen.index.size);
      return value;
    }
    // A non-finite number or -0 stays as it is: the JSON text written of the columns says null or 0, as JSON says.
    case 'number':
    case 'boolean':
      return value as Json;
    case 'object':
      if (value === null) return null;
      return Array.isArray(value)
        ? encodeArray(value, seen)
        : encodeRecord(value as { [key: string]: unknown }, seen);
    default:
      return undefined;
  }
}

function encodeArray(value: readonly unknown[], seen: Seen): Json {
  const items = value.some(hasToJSON) ? value.map((x, i) => (hasToJSON(x) ? x.toJSON(String(i)) : x)) : value;
  if (items.length > 1 && items.every(isRecord))
    return { [TABLE]: encodeTable(items as { [key: string]: unknown }[], seen) as unknown as Json };
  const out: Json[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) out[i] = encodeValue(items[i], seen) ?? null;
  return out;
}

function encodeRecord(value: { [key: string]: unknown }, seen: Seen): Json {
  const entries: [string, Json][] = [];
  let ours = false;
  for (const key of Object.keys(value)) {
    const encoded = encode(value[key], key, seen);
    if (encoded === undefined) continue;
    if (key.startsWith('\u0000')) ours = true;
    entries.push([key, encoded]);
  }
  // Object.fromEntries makes `__proto__` an own key, as JSON.parse does.
  return ours ? { [ENTRIES]: entries } : Object.fromEntries(entries);
}

/** Whether two key lists are the same keys in the same order. */
function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function encodeTable(rows: { [key: string]: unknown }[], seen: Seen): Table {
  const shapes: string[][] = [];
  const shapeIndex = new Map<string, number>();
  // Per shape, its keys' columns in key order: a row of a known shape looks up no key.
  const shapeColumns: Json[][][] = [];
  const shapeOfRow: number[] = [];
  const columns = new Map<string, Json[]>();
  const values: (Json | undefined)[] = [];
  let last = -1;
  for (const row of rows) {
    const own = Object.keys(row);
    // Each value encoded in key order (the order the decoder meets long strings in); a key JSON leaves out is no key of the shape.
    values.length = 0;
    let dropped = false;
    for (const key of own) {
      const encoded = encode(row[key], key, seen);
      if (encoded === undefined) dropped = true;
      values.push(encoded);
    }
    const keys = dropped ? own.filter((_, i) => values[i] !== undefined) : own;
    // Rows of a table mostly share the shape of the row before: compared key by key, no signature is made.
    let shape = last !== -1 && sameKeys(keys, shapes[last]!) ? last : shapeIndex.get(JSON.stringify(keys));
    if (shape === undefined) {
      shape = shapes.length;
      shapeIndex.set(JSON.stringify(keys), shape);
      shapes.push(keys);
      shapeColumns.push(
        keys.map((key) => {
          const column = columns.get(key) ?? [];
          columns.set(key, column);
          return column;
        }),
      );
    }
    last = shape;
    shapeOfRow.push(shape);
    const cols = shapeColumns[shape]!;
    let k = 0;
    for (const encoded of values) if (encoded !== undefined) cols[k++]!.push(encoded);
  }
  return [shapes, shapeOfRow, [...columns]];
}

export function decodeColumns(value: Json): Json {
  return decode(value, []);
}

/** The value `value` was written for; `long` gathers the long strings in the order the encoder met them. */
function decode(value: Json, long: string[]): Json {
  if (typeof value === 'string') {
    if (value.length >= LONG) long.push(value);
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => decode(v, long));
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const [key] = keys;
    if (key === SAME) {
      const again = long[value[SAME] as number];
      if (again === undefined) throw new Error('columns: a reference to a string not yet met');
      return again;
    }
    if (key === TABLE) return decodeTable(value[TABLE] as unknown as Table, long);
    if (key === ENTRIES) {
      const entries = value[ENTRIES] as [string, Json][];
      return Object.fromEntries(entries.map(([key, v]) => [key, decode(v, long)]));
    }
  }
  return Object.fromEntries(keys.map((key) => [key, decode(value[key] as Json, long)]));
}

/**
 * Rows rebuilt with plain loops and plain assignment: the page decodes some
 * 100,000 values of a big tree here before it can draw.
 */
function decodeTable([shapes, shapeOfRow, columns]: Table, long: string[]): Json[] {
  const columnOf = new Map(columns.map(([key], i) => [key, i]));
  const next = new Int32Array(columns.length);
  // Per shape: the column number of each of its keys, in key order.
  const shapeColumns = shapes.map((keys) => keys.map((key) => columnOf.get(key) ?? -1));
  const rows: Json[] = new Array(shapeOfRow.length);
  for (let r = 0; r < shapeOfRow.length; r++) {
    const shape = shapeOfRow[r] as number;
    const keys = shapes[shape] ?? [];
    const cols = shapeColumns[shape] ?? [];
    const row: { [key: string]: Json } = {};
    for (let k = 0; k < keys.length; k++) {
      const c = cols[k] as number;
      const v = (columns[c]?.[1][next[c]!++] ?? null) as Json;
      setOwn(row, keys[k] as string, typeof v === 'object' && v !== null ? decode(v, long) : v);
      if (typeof v === 'string' && v.length >= LONG) long.push(v);
    }
    rows[r] = row;
  }
  return rows;
}

/** `row[key] = value`, except that `__proto__` becomes an own key as JSON.parse makes it, not the prototype. */
function setOwn(row: { [key: string]: Json }, key: string, value: Json): void {
  if (key === '__proto__')
    Object.defineProperty(row, key, { value, enumerable: true, writable: true, configurable: true });
  else row[key] = value;
}
