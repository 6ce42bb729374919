/**
 * `factline serve --http`: factline's tools over Streamable HTTP (the
 * generated core's `serveHttp`), one server per session, the tools loaded
 * once and shared by every session.
 */
import { revisionServer, serveHttp, ToolSet } from '../../generated/index.ts';
import type { FactlineConfig } from '../config/model.ts';
import type { EngineIO } from '../io.ts';
import { factlineVersion } from '../version.ts';
import { noProjectServer } from './no-project.ts';
import { mountFactlineTools, type ServeProject } from './serve.ts';

/** Where `factline serve --http` listens. */
export interface HttpServeOptions {
  port: number;
  host?: string;
}

/**
 * Serves until `stop` resolves (the CLI passes the first SIGINT or SIGTERM);
 * the endpoint's address is written to stderr once it listens.
 */
// @implements mcp-http#SERVE-HTTP-FLAG
export async function serveFactlineHttp(
  project: ServeProject,
  io: EngineIO,
  options: HttpServeOptions,
  stop: Promise<unknown>,
): Promise<void> {
  const tools = new ToolSet();
  let loaded: Promise<void> | undefined;
  const prepare = (config: FactlineConfig) => {
    loaded ??= mountFactlineTools(tools, config, io);
    return loaded;
  };
  const version = factlineVersion();
  const handle = await serveHttp(
    (session) =>
      'missing' in project
        ? noProjectServer(io, project.missing, (method, params) => session.peer.notify(method, params), false)
        : revisionServer('factline', version, tools, {
            prepare: () => prepare(project.config),
            capture: false,
          }),
    {
      port: options.port,
      ...(options.host === undefined ? {} : { host: options.host }),
    },
  );
  io.stderr.write(`factline serve: listening on ${handle.url}\n`);
  await stop;
  await handle.close();
}
