/**
 * Writes a cache file back with a new body, sealed as engine/cache/cache-file.ts
 * seals one (the body's length and sha256 in the header line), so a test can
 * plant a forged or damaged entry that passes the file's own checks.
 */
import { hash } from 'node:crypto';

/** `raw`'s header line, its length and checksum made those of `body`, then `body` (which replaces everything after the header). */
export function sealCacheBody(raw: string, body: string): string {
  const head = raw.slice(0, raw.indexOf('\n')).split(' ');
  head[3] = String(Buffer.byteLength(body));
  head[4] = hash('sha256', body, 'base64');
  return `${head.join(' ')}\n${body}`;
}
