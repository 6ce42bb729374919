/**
 * An interchange file from disk: a `.reqif` as text, a `.reqifz` (or any zip)
 * as the `.reqif` files inside it, each parsed into a ReqifDocument. Bad
 * input is a UsageError naming the file, the line and column, and the fix.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { ReqifDocument } from '../../checks/interchange/reqif/model.ts';
import { readReqif } from '../../checks/interchange/reqif/read.ts';
import { parseXml, XmlSyntaxError } from '../../checks/interchange/xml-tree.ts';
import { readZip, ZipFormatError } from '../../checks/interchange/zip.ts';
import { UsageError } from '../errors.ts';

export interface ReadReqif {
  /** The name warnings are placed in: the file, or `archive.reqifz!entry.reqif`. */
  name: string;
  reqif: ReqifDocument;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function parseOne(name: string, bytes: Buffer): ReadReqif {
  try {
    return { name, reqif: readReqif(parseXml(decode(bytes))) };
  } catch (error) {
    if (error instanceof XmlSyntaxError)
      throw new UsageError(
        `${name}:${error.line}:${error.column}: not well-formed XML: ${error.message} (fix the XML there, or export the file again from its tool)`,
      );
    throw error;
  }
}

/** Every ReqIF document of `path` (relative to `cwd`): one for a `.reqif`, one per `.reqif` inside a `.reqifz`. */
// @implements interchange#IMPORT-READS-REQIFZ
// @implements interchange#IMPORT-LENIENT-WITH-PLACED-WARNINGS
export function readReqifInput(cwd: string, path: string): ReadReqif[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(resolve(cwd, path));
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) return [parseOne(path, bytes)];
  let entries: ReturnType<typeof readZip>;
  try {
    entries = readZip(
      bytes,
      (d) => inflateRawSync(d),
      (n) => /\.reqif$/i.test(n),
    );
  } catch (error) {
    if (error instanceof ZipFormatError)
      throw new UsageError(`${path}: ${error.message} (is it a .reqifz archive?)`);
    throw new UsageError(`${path}: cannot decompress: ${(error as Error).message}`);
  }
  if (entries.length === 0)
    throw new UsageError(`${path}: the archive holds no .reqif file (${basename(path)} is a zip)`);
  return entries.map((e) => parseOne(`${path}!${e.name}`, e.data));
}
