/**
 * `factline serve` with no project to serve: no config and no spec where it
 * was started, or a config it cannot load. A host starts servers from any
 * folder and shows a server that exits only as "Connection closed", so the
 * server still opens the session and says what is missing where a host shows
 * it: a log line to the client once the session is open, and every tool
 * call's result (`isError`), each naming the folder and the fix.
 */
import { Features, failure, featureServer, type Server, type Tool, ToolSet } from '../../generated/index.ts';
import { defaultConfig } from '../config/model.ts';
import type { EngineIO } from '../io.ts';
import { factlineVersion } from '../version.ts';

/**
 * factline's tools as `tools/list` shows them, each answering `missing` as a
 * tool error; every call also logs it, so a host that shows logs, not
 * results, has it too (over HTTP that log rides the call's own stream).
 */
// @implements serve#SERVE-WITHOUT-PROJECT-TOOLS-SAY-WHY
async function explainingTools(io: EngineIO, missing: string, features: Features): Promise<Tool[]> {
  const { factlineTools } = await import('./tools.ts');
  // Built only for their descriptors: no tool of this set is ever run.
  const real = factlineTools({ cwd: io.cwd, env: io.env, stderr: io.stderr }, defaultConfig(io.cwd));
  return real.names().map((name) => ({
    descriptor: real.get(name)!.descriptor,
    run: () => {
      features.log('error', missing, 'factline');
      return failure(missing);
    },
  }));
}

/**
 * One session's server with no project: it speaks every revision, declares
 * logging, logs `missing` once the handshake is answered and mounts the
 * explaining tools. `notify` sends a notification to this session's client.
 */
// @implements serve#SERVE-WITHOUT-PROJECT-LOGS-WHY
export function noProjectServer(
  io: EngineIO,
  missing: string,
  notify: (method: string, params?: Record<string, unknown>) => void,
  capture = true,
): Server {
  const tools = new ToolSet();
  const features = new Features({ logging: true, notify });
  return featureServer('factline', factlineVersion(), tools, features, {
    capture,
    // Runs once the `initialize` answer is out: the first thing the client hears after it is why.
    prepare: async () => {
      features.log('error', missing, 'factline');
      for (const tool of await explainingTools(io, missing, features)) tools.register(tool);
    },
  });
}
