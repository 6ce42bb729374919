/**
 * `factline serve` in the engine: the generated MCP core, speaking every
 * protocol revision, on stdio, with factline's tools mounted after the
 * handshake (loading the reader and the gate is the slow part of starting).
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Peer, revisionServer, serveStdio, ToolSet } from '../../generated/index.ts';
import { loadConfig } from '../config/load.ts';
import { CONFIG_FILE, type FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import type { EngineIO } from '../io.ts';
import { requireSomeSpec } from '../specs.ts';
import { factlineVersion } from '../version.ts';
import { noProjectServer } from './no-project.ts';

/**
 * The config `factline serve` runs with: the one given, else FACTLINE_CONFIG
 * (hosts and the Inspector set variables more easily than flags), else
 * ./factline.config.json.
 */
export function serveConfig(io: EngineIO, given: string | undefined): FactlineConfig {
  const fromEnv = given === undefined ? configFromEnv(io) : undefined;
  try {
    return loadConfig(io.cwd, given ?? fromEnv);
  } catch (error) {
    if (fromEnv === undefined || !(error instanceof UsageError)) throw error;
    throw new UsageError(`${error.message} (the path comes from FACTLINE_CONFIG)`);
  }
}

/** FACTLINE_CONFIG: a config file, or a directory that holds one; unset or empty: none. */
// @implements adoption#SERVE-CONFIG-FROM-ENV
function configFromEnv(io: EngineIO): string | undefined {
  const value = io.env.FACTLINE_CONFIG;
  if (value === undefined || value === '') return undefined;
  let isDir = false;
  try {
    isDir = statSync(resolve(io.cwd, value)).isDirectory();
  } catch {
    // Missing: loadConfig names the path and the error.
  }
  return isDir ? join(value, CONFIG_FILE) : value;
}

/** What `factline serve` serves: a project, or the sentence saying why there is none. */
export type ServeProject = { config: FactlineConfig } | { missing: string };

const FIX =
  "set FACTLINE_CONFIG to your project's factline.config.json (or its folder) in the host's entry for this server, " +
  'or add `--config /path/to/factline.config.json` to its args, or run `npx factline init` in your project; ' +
  'then restart the server';

/**
 * The project `factline serve` runs on (`--config`, else FACTLINE_CONFIG, else
 * the folder it started in), or why there is none. Looking costs one glob of
 * the default spec folder: a folder with neither config nor spec is never walked.
 */
// @implements serve#SERVE-WITHOUT-PROJECT-STILL-ANSWERS
export async function serveProject(io: EngineIO, given: string | undefined): Promise<ServeProject> {
  let config: FactlineConfig;
  try {
    config = serveConfig(io, given);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { missing: `factline serve has no project: ${error.message}. Fix: ${FIX}.` };
  }
  try {
    await requireSomeSpec(config);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const env = io.env.FACTLINE_CONFIG ? '' : ', FACTLINE_CONFIG unset';
    return {
      missing:
        `factline serve has no project: no factline.config.json at or above ${config.root} and no spec ` +
        `matching ${config.specs.join(', ')} in it (the folder the server was started in${env}). Fix: ${FIX}.`,
    };
  }
  return { config };
}

/** Registers factline's tools into `into` (a generated core's ToolSet, compiled or from the sources). */
export async function mountFactlineTools(
  into: { register(tool: never): unknown },
  config: FactlineConfig,
  io: EngineIO,
) {
  const { factlineTools } = await import('./tools.ts');
  // The engine is given no stdout: the protocol owns it (and the capture guard enforces that).
  const tools = factlineTools({ cwd: io.cwd, env: io.env, stderr: io.stderr }, config);
  for (const name of tools.names()) into.register(tools.get(name) as never);
}

/** Serves until the host closes stdin; the error when the host broke the channel. */
// @implements serve#CORE-SERVE-MOUNTS-FACTLINE-TOOLS
export async function serveFactline(project: ServeProject, io: EngineIO): Promise<Error | undefined> {
  if ('missing' in project) {
    const peer = new Peer();
    const server = noProjectServer(io, project.missing, (method, params) => peer.notify(method, params));
    const end = await serveStdio(server, { peer });
    return end.reason === 'end-of-input' ? undefined : end.error;
  }
  const { config } = project;
  const tools = new ToolSet();
  // @implements mcp-revisions#SERVE-SPEAKS-EVERY-REVISION
  const server = revisionServer('factline', factlineVersion(), tools, {
    prepare: () => mountFactlineTools(tools, config, io),
  });
  const end = await serveStdio(server);
  return end.reason === 'end-of-input' ? undefined : end.error;
}
