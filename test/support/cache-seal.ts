/**
 * Writes a cache file back with a new body, sealed as engine/cache/cache-file.ts
 * seals one (the body's length in the header line, and a sha256 over the
 * header's first four fields and the body), so a test can plant a forged or
 * damaged entry that passes the file's own checks.
 */
import { createHash } from 'node:crypto';

/** A cache file of `format` holding `body`, sealed. */
export function sealedCacheFile(format: string, name: string, body: string): string {
  const head = `factline-cache ${format} ${name} ${Buffer.byteLength(body)}`;
  return `${head} ${createHash('sha256').update(`${head}\n`).update(body).digest('base64')}\n${body}`;
}

/** `raw` (a cache file) with `body` in place of everything after its header line, sealed under the same format and name. */
export function sealCacheBody(raw: string, body: string): string {
  const [, format, name] = raw.slice(0, raw.indexOf('\n')).split(' ');
  return sealedCacheFile(format!, name!, body);
}
