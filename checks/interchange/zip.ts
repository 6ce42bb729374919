/**
 * The entries of a zip archive (a `.reqifz` is one), read from its central
 * directory: stored and deflated entries, which is what ReqIF tools write.
 * Pure: the caller reads the bytes and passes zlib's raw inflate in.
 */

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export class ZipFormatError extends Error {}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

/** Every file entry of `zip` whose name `wanted` accepts, decompressed with `inflateRaw`. */
export function readZip(
  zip: Buffer,
  inflateRaw: (data: Buffer) => Buffer,
  wanted: (name: string) => boolean,
): ZipEntry[] {
  // The end record sits in the last 22 bytes plus up to 64 KiB of comment.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end === -1) throw new ZipFormatError('not a zip archive (no end of central directory record)');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER)
      throw new ZipFormatError(`central directory entry ${n + 1} of ${count} is damaged (offset ${at})`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/') || !wanted(name)) continue;
    if (zip.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER)
      throw new ZipFormatError(`entry ${name}: local header missing`);
    if (flags & 1) throw new ZipFormatError(`entry ${name} is encrypted`);
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(start, start + compressedSize);
    if (method === 0) entries.push({ name, data: Buffer.from(raw) });
    else if (method === 8) entries.push({ name, data: inflateRaw(raw) });
    else
      throw new ZipFormatError(
        `entry ${name} uses compression method ${method}; only stored (0) and deflate (8) are read`,
      );
  }
  return entries;
}
