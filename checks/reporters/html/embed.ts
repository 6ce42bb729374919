/**
 * The page's data blocks: a text (the `check --json` output, the specs'
 * Markdown, the snippets) gzipped (in pieces of at most 1 MiB, each its own
 * gzip member) and base64-encoded inside a
 * `<script type="application/gzip">` element, which the page's script inflates
 * itself, synchronously (html/inflate.ts). JSON is mostly repeated keys and indentation,
 * which gzip takes far down; base64 holds no `<`, so no data can end or bend
 * the element. The page decodes in page/data.ts; Node with readEmbedded.
 */
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import { decodeColumns, type Json } from './columns.ts';
import type { PageSpec } from './model.ts';

/** The gate's data, in columns (columns.ts): decodes to exactly the object `factline check --json` prints. */
export const GATE_DATA_ID = 'factline-result';
/** The specs: `PageSpec[]` (html/model.ts), each document's Markdown, which the page renders when it shows it. */
export const SPECS_ID = 'factline-specs';
/** The report's own inputs: the packed code snippets (snippet-pack.ts). */
export const INPUTS_ID = 'factline-inputs';

/** gzip's own default: the smallest page for the time. */
export const DEFAULT_LEVEL = 6;

/**
 * A text is gzipped in pieces of at most this many bytes, each its own gzip
 * member: the pieces of a big block are packed on several threads at once
 * (packTextAsync), and restarting the window costs a few hundred bytes a MiB.
 */
export const PIECE_BYTES = 1 << 20;

/** `text` as UTF-8, cut every PIECE_BYTES (a cut may fall inside a character: the reader joins the bytes first). */
function pieces(text: string): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) out.push(bytes.subarray(at, at + PIECE_BYTES));
  return out.length > 0 ? out : [bytes];
}

/** The block content for `text`: each piece gzipped, in base64, separated by a space. */
// @implements report#REPORT-DATA-IN-PIECES
export function packText(text: string, level = DEFAULT_LEVEL): string {
  return pieces(text)
    .map((piece) => gzipSync(piece, { level }).toString('base64'))
    .join(' ');
}

/**
 * packText's content, its pieces gzipped on libuv's thread pool (zlib's own
 * asynchronous form), all at once: the caller's thread goes on meanwhile.
 */
// @implements report#REPORT-PACKED-OFF-THE-MAIN-THREAD
// @implements report#REPORT-DATA-IN-PIECES
export async function packTextAsync(text: string, level = DEFAULT_LEVEL): Promise<string> {
  const packed = await Promise.all(
    pieces(text).map(
      (piece) =>
        new Promise<string>((done, fail) =>
          gzip(piece, { level }, (error, bytes) => (error ? fail(error) : done(bytes.toString('base64')))),
        ),
    ),
  );
  return packed.join(' ');
}

export function unpackText(packed: string): string {
  return Buffer.concat(packed.split(' ').map((piece) => gunzipSync(Buffer.from(piece, 'base64')))).toString(
    'utf8',
  );
}

/** The element carrying under `id` a text packed by packText. */
// @implements report#REPORT-EMBEDS-GATE-JSON
// @implements report#REPORT-DATA-COMPRESSED
export function dataBlock(id: string, packed: string): string {
  return `<script type="application/gzip" data-encoding="base64" id="${id}">${packed}</script>`;
}

/** The encoded content of the block `id` in a page, as written. */
export function embeddedBlock(html: string, id: string): string {
  const match = new RegExp(
    `<script type="application/gzip" data-encoding="base64" id="${id}">([^<]*)</script>`,
  ).exec(html);
  if (!match) throw new Error(`the page has no data block #${id}`);
  return match[1] as string;
}

/**
 * The gate data of a page as `check --json` would print it: decoded as the
 * page decodes it, then serialised as the --json reporter does.
 */
export function readGateJson(html: string): string {
  return `${JSON.stringify(decodeColumns(JSON.parse(readEmbedded(html, GATE_DATA_ID)) as Json), null, 2)}\n`;
}

/** The specs a page carries, as its script reads them. */
export function readPageSpecs(html: string): PageSpec[] {
  return JSON.parse(readEmbedded(html, SPECS_ID)) as PageSpec[];
}

/** The decoded text of the block `id` in a page (what the page script reads). */
export function readEmbedded(html: string, id: string): string {
  return unpackText(embeddedBlock(html, id));
}

/** Each data block of a page, encoded and as the plain text it stands for (the gate's as `check --json` prints it). */
export function dataBlocks(html: string): { id: string; encoded: string; plain: string }[] {
  return [SPECS_ID, GATE_DATA_ID, INPUTS_ID].map((id) => ({
    id,
    encoded: embeddedBlock(html, id),
    plain: id === GATE_DATA_ID ? readGateJson(html) : readEmbedded(html, id),
  }));
}

/** The page's length (UTF-16 units) with every data block written out as plain text. */
export function plainLength(html: string): number {
  return dataBlocks(html).reduce((n, b) => n + b.plain.length - b.encoded.length, html.length);
}
