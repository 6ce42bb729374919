/**
 * gzip (RFC 1952) of deflate (RFC 1951), inflated synchronously: the report
 * page decodes its data blocks with this before its script returns, so the
 * whole page is built before the load event and its first paint. (The
 * browser's DecompressionStream is asynchronous: a headless screenshot taken
 * at load showed an empty page whenever the machine was busy.) Pure and free
 * of Node: the page's script bundles it. Checked against node:zlib.
 */

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
/** The order in which a dynamic block lists its code-length code's lengths. */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** A Huffman code as a lookup table indexed by the next `bits` input bits: `symbol << 4 | length`, or -1. */
interface Code {
  entries: Int32Array;
  bits: number;
}

/** The canonical Huffman code of the given code lengths (RFC 1951 3.2.2). */
function canonicalCode(lengths: ArrayLike<number>): Code {
  let bits = 0;
  const count = new Uint16Array(16);
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    count[length]!++;
    if (length > bits) bits = length;
  }
  const entries = new Int32Array(1 << bits).fill(-1);
  const next = new Uint16Array(16);
  let code = 0;
  count[0] = 0;
  for (let length = 1; length <= 15; length++) {
    code = (code + count[length - 1]!) << 1;
    next[length] = code;
  }
  for (let symbol = 0; symbol < lengths.length; symbol++) {
    const length = lengths[symbol]!;
    if (length === 0) continue;
    const assigned = next[length]!++;
    if (assigned >= 1 << length) throw new Error('inflate: over-subscribed Huffman code');
    // Deflate sends codes most significant bit first into an LSB-first stream: index by the reversed code.
    let reversed = 0;
    for (let i = 0; i < length; i++) reversed |= ((assigned >> i) & 1) << (length - 1 - i);
    for (let i = reversed; i < entries.length; i += 1 << length) entries[i] = (symbol << 4) | length;
  }
  return { entries, bits };
}

const FIXED_LITERALS = canonicalCode([
  ...new Array<number>(144).fill(8),
  ...new Array<number>(112).fill(9),
  ...new Array<number>(24).fill(7),
  ...new Array<number>(8).fill(8),
]);
const FIXED_DISTANCES = canonicalCode(new Array<number>(30).fill(5));

/** An LSB-first bit reader over the deflate stream. */
class Bits {
  private buffer = 0;
  private held = 0;
  constructor(
    private readonly data: Uint8Array,
    public position: number,
    private readonly end: number,
  ) {}

  private fill(n: number): void {
    while (this.held < n) {
      // Past the stream's end only zero padding is read; take() refuses to consume it.
      const byte = this.position < this.end ? this.data[this.position]! : 0;
      this.position++;
      this.buffer |= byte << this.held;
      this.held += 8;
    }
  }

  take(n: number): number {
    if (n === 0) return 0;
    this.fill(n);
    const value = this.buffer & ((1 << n) - 1);
    this.buffer >>>= n;
    this.held -= n;
    if (this.position - (this.held >> 3) > this.end) throw new Error('inflate: the data ends early');
    return value;
  }

  decode(code: Code): number {
    this.fill(code.bits);
    const entry = code.entries[this.buffer & ((1 << code.bits) - 1)]!;
    if (entry < 0) throw new Error('inflate: an invalid Huffman code');
    this.take(entry & 15);
    return entry >> 4;
  }

  /** Drops the rest of the current byte; the next read starts on a byte boundary. */
  align(): void {
    this.position -= this.held >> 3;
    this.buffer = 0;
    this.held = 0;
  }

  /** The offset of the first byte not yet consumed (after align). */
  byteOffset(): number {
    return this.position - (this.held >> 3);
  }
}

function readDynamicCodes(bits: Bits): [Code, Code] {
  const literals = bits.take(5) + 257;
  const distances = bits.take(5) + 1;
  const lengthCodes = bits.take(4) + 4;
  const codeLengths = new Uint8Array(19);
  for (let i = 0; i < lengthCodes; i++) codeLengths[CODE_LENGTH_ORDER[i]!] = bits.take(3);
  const lengthCode = canonicalCode(codeLengths);
  const lengths = new Uint8Array(literals + distances);
  for (let i = 0; i < lengths.length; ) {
    const symbol = bits.decode(lengthCode);
    if (symbol < 16) {
      lengths[i++] = symbol;
      continue;
    }
    let repeat: number;
    let value = 0;
    if (symbol === 16) {
      if (i === 0) throw new Error('inflate: a repeat with no length before it');
      value = lengths[i - 1]!;
      repeat = 3 + bits.take(2);
    } else if (symbol === 17) repeat = 3 + bits.take(3);
    else repeat = 11 + bits.take(7);
    if (i + repeat > lengths.length) throw new Error('inflate: code lengths overrun');
    lengths.fill(value, i, i + repeat);
    i += repeat;
  }
  if (lengths[256] === 0) throw new Error('inflate: no end-of-block code');
  return [canonicalCode(lengths.subarray(0, literals)), canonicalCode(lengths.subarray(literals))];
}

/** Raw deflate from `start` into `out` (sized by the caller); returns the bytes written and where the stream ended. */
function inflateInto(
  data: Uint8Array,
  start: number,
  end: number,
  out: Uint8Array,
): { written: number; next: number } {
  const bits = new Bits(data, start, end);
  let o = 0;
  let last = 0;
  while (last === 0) {
    last = bits.take(1);
    const type = bits.take(2);
    if (type === 0) {
      bits.align();
      const at = bits.position;
      if (at + 4 > end) throw new Error('inflate: the data ends early');
      const length = data[at]! | (data[at + 1]! << 8);
      const check = data[at + 2]! | (data[at + 3]! << 8);
      if ((length ^ 0xffff) !== check) throw new Error('inflate: a stored block with a bad length');
      if (at + 4 + length > end || o + length > out.length)
        throw new Error('inflate: a stored block overruns');
      out.set(data.subarray(at + 4, at + 4 + length), o);
      o += length;
      bits.position = at + 4 + length;
      continue;
    }
    if (type === 3) throw new Error('inflate: a block of reserved type');
    const [literals, distances] = type === 1 ? [FIXED_LITERALS, FIXED_DISTANCES] : readDynamicCodes(bits);
    for (;;) {
      const symbol = bits.decode(literals);
      if (symbol < 256) {
        if (o >= out.length) throw new Error('inflate: more data than the trailer says');
        out[o++] = symbol;
        continue;
      }
      if (symbol === 256) break;
      const index = symbol - 257;
      if (index >= 29) throw new Error('inflate: an invalid length code');
      const length = LENGTH_BASE[index]! + bits.take(LENGTH_EXTRA[index]!);
      const d = bits.decode(distances);
      if (d >= 30) throw new Error('inflate: an invalid distance code');
      const distance = DISTANCE_BASE[d]! + bits.take(DISTANCE_EXTRA[d]!);
      if (distance > o) throw new Error('inflate: a distance before the start');
      if (o + length > out.length) throw new Error('inflate: more data than the trailer says');
      // Byte by byte: a copy may overlap what it writes (a run).
      for (let i = 0; i < length; i++, o++) out[o] = out[o - distance]!;
    }
  }
  bits.align();
  return { written: o, next: bits.byteOffset() };
}

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const u32 = (data: Uint8Array, at: number) =>
  (data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16) | (data[at + 3]! << 24)) >>> 0;

/** One gzip member → its bytes; throws on anything but an intact member (header, CRC-32 and size checked). */
export function gunzip(data: Uint8Array): Uint8Array {
  if (data.length < 18 || data[0] !== 0x1f || data[1] !== 0x8b || data[2] !== 8)
    throw new Error('inflate: not gzip data');
  const flags = data[3]!;
  let at = 10;
  if (flags & 4) at += 2 + (data[at]! | (data[at + 1]! << 8));
  if (flags & 8) while (at < data.length && data[at++] !== 0);
  if (flags & 16) while (at < data.length && data[at++] !== 0);
  if (flags & 2) at += 2;
  const end = data.length - 8;
  if (at > end) throw new Error('inflate: the data ends early');
  const out = new Uint8Array(u32(data, data.length - 4));
  const { written, next } = inflateInto(data, at, end, out);
  if (written !== out.length || next !== end)
    throw new Error('inflate: the size in the trailer does not match');
  if (crc32(out) !== u32(data, end)) throw new Error('inflate: the CRC-32 does not match');
  return out;
}

/**
 * A data block's content as html/embed.ts writes it, gzip members in base64
 * separated by spaces (a big text is packed in pieces, on several threads at
 * once) → the bytes of all its members, in order. Each member is checked as
 * gunzip checks it; a text split inside a UTF-8 sequence is whole again here.
 */
// @implements report#REPORT-DATA-IN-PIECES
export function unpackMembers(content: string): Uint8Array {
  const parts = content.split(' ').map((piece) => {
    const binary = atob(piece);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return gunzip(bytes);
  });
  if (parts.length === 1) return parts[0]!;
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
