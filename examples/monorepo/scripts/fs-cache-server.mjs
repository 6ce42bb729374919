#!/usr/bin/env node
/**
 * A "remote" cache on the file system for both engines, for CI and tests:
 * Turborepo's Remote Cache API (`/v8/artifacts/HASH`) and Nx's self-hosted
 * cache API (`/v1/cache/HASH`), each artifact one file under DIR.
 *
 *   node scripts/fs-cache-server.mjs DIR [PORT]
 *   TURBO_API=http://127.0.0.1:PORT TURBO_TOKEN=local TURBO_TEAM=local turbo run …
 *   NX_SELF_HOSTED_REMOTE_CACHE_SERVER=http://127.0.0.1:PORT nx run-many …
 *
 * Prints `listening PORT` once it listens; logs one line per hit, miss and store
 * on stderr. Only for a trusted machine: no authentication.
 */
// @implements monorepo#ENGINES-CACHE-NEVER-CHANGES-A-VERDICT
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const [dir, port = '0'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: fs-cache-server.mjs DIR [PORT]');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });

const ARTIFACT = /^\/v(8\/artifacts|1\/cache)\/([0-9A-Za-z_-]+)(\?.*)?$/;

const server = createServer((req, res) => {
  const url = req.url ?? '';
  if (url.startsWith('/v8/artifacts/status')) return send(res, 200, { status: 'enabled' });
  if (url.startsWith('/v8/artifacts/events')) return send(res, 200, {});
  const match = ARTIFACT.exec(url);
  if (!match) return send(res, 404, { error: `no such endpoint ${req.method} ${url}` });
  const [, api, hash] = match;
  const file = join(dir, `${api.startsWith('8') ? 'turbo' : 'nx'}-${hash}`);
  if (req.method === 'GET' || req.method === 'HEAD') {
    if (!existsSync(file)) {
      console.error(`miss ${api} ${hash}`);
      return send(res, 404, { error: 'not found' });
    }
    console.error(`hit ${api} ${hash}`);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(file).size });
    if (req.method === 'HEAD') return res.end();
    return createReadStream(file).pipe(res);
  }
  if (req.method === 'PUT' || req.method === 'POST') {
    // The whole body first, then one synchronous write: no request of this server sees half an artifact.
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      try {
        writeFileSync(file, Buffer.concat(chunks));
      } catch (error) {
        return send(res, 500, { error: error.message });
      }
      console.error(`store ${api} ${hash}`);
      send(res, 200, { urls: [] });
    });
    return;
  }
  send(res, 405, { error: `${req.method} not allowed` });
});

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

server.listen(Number(port), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
