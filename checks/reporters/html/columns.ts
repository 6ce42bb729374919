/**
 * A lossless columnar form of JSON for the page's gate data: arrays of like
 * objects (facts, citations, findings) stored as columns, so each key is
 * written once and like values sit together, and gzip takes the data further.
 * decodeColumns(encodeColumns(v)) equals v, key order included, so
 * `JSON.stringify(decoded, null, 2)` is again the text it came from. Pure:
 * used by the renderer and by the page script.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An array of objects, as `{ [TABLE]: [shapes, shape per row, columns] }`. */
const TABLE = '\u0000table';
/** An object with a key of ours (`\u0000…`), kept as its entries. */
const ENTRIES = '\u0000entries';

type Table = [shapes: string[][], rows: number[], columns: [key: string, values: Json[]][]];

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// @implements report#REPORT-DATA-COMPRESSED
export function encodeColumns(value: Json): Json {
  if (Array.isArray(value)) {
    if (value.length > 1 && value.every(isObject)) return { [TABLE]: encodeTable(value) as unknown as Json };
    return value.map(encodeColumns);
  }
  if (!isObject(value)) return value;
  const entries = Object.entries(value).map(([key, v]): [string, Json] => [key, encodeColumns(v)]);
  if (entries.some(([key]) => key.startsWith('\u0000'))) return { [ENTRIES]: entries };
  return Object.fromEntries(entries);
}

function encodeTable(rows: { [key: string]: Json }[]): Table {
  const shapes: string[][] = [];
  const shapeIndex = new Map<string, number>();
  const shapeOfRow: number[] = [];
  const columns = new Map<string, Json[]>();
  for (const row of rows) {
    const keys = Object.keys(row);
    const signature = JSON.stringify(keys);
    let shape = shapeIndex.get(signature);
    if (shape === undefined) {
      shape = shapes.length;
      shapeIndex.set(signature, shape);
      shapes.push(keys);
    }
    shapeOfRow.push(shape);
    for (const key of keys) {
      const column = columns.get(key) ?? [];
      column.push(encodeColumns(row[key] as Json));
      columns.set(key, column);
    }
  }
  return [shapes, shapeOfRow, [...columns]];
}

export function decodeColumns(value: Json): Json {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(decodeColumns);
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === TABLE) return decodeTable(value[TABLE] as unknown as Table);
  if (keys.length === 1 && keys[0] === ENTRIES) {
    const entries = value[ENTRIES] as [string, Json][];
    return Object.fromEntries(entries.map(([key, v]) => [key, decodeColumns(v)]));
  }
  return Object.fromEntries(keys.map((key) => [key, decodeColumns(value[key] as Json)]));
}

/**
 * Rows rebuilt with plain loops and plain assignment: the page decodes some
 * 100,000 values of a big tree here before it can draw.
 */
function decodeTable([shapes, shapeOfRow, columns]: Table): Json[] {
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
      setOwn(row, keys[k] as string, typeof v === 'object' && v !== null ? decodeColumns(v) : v);
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
