/**
 * `factline serve`: the generated MCP core, speaking every protocol revision,
 * on stdio with factline's tools mounted. The tools (the reader, the gate)
 * load after the handshake, so a host gets its `initialize` answer without
 * waiting for them.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../engine/config/load.ts';
import { CONFIG_FILE, type FactlineConfig } from '../../engine/config/model.ts';
import { UsageError } from '../../engine/errors.ts';
import { factlineVersion } from '../../engine/version.ts';
import { revisionServer, serveStdio, ToolSet } from '../../generated/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'serve',
  options: { config: SHARED.config },
  about: `Serves MCP on stdin/stdout (line-delimited JSON-RPC) until the host closes
stdin. Tools: facts_list, fact_explain, trace_check. Specs and sources are
read afresh on every call, relative to the config's root.

Without --config, the config comes from the environment variable FACTLINE_CONFIG
(a config file, or a directory holding factline.config.json), else
./factline.config.json; hosts start servers from anywhere, and the MCP
Inspector has a --config flag of its own. Host configuration (e.g. .mcp.json),
with absolute paths:
  {"mcpServers": {"factline": {
    "command": "/path/to/project/node_modules/.bin/factline", "args": ["serve"],
    "env": {"FACTLINE_CONFIG": "/path/to/project/factline.config.json"}}}}`,
  epilog: 'Exit codes: 0 input ended · 1 the host broke the channel · 2 usage or config error.',
});

/**
 * The config `factline serve` runs with: `--config`, else FACTLINE_CONFIG
 * (hosts and the Inspector set variables more easily than flags), else
 * ./factline.config.json. Any other argument is a usage error.
 */
export function loadServeConfig(argv: string[], io: CliIO): FactlineConfig {
  const given = parseCommandArgs(SPEC, argv).values.config;
  const fromEnv = given === undefined ? configFromEnv(io) : undefined;
  try {
    return loadConfig(io.cwd, given ?? fromEnv);
  } catch (error) {
    if (fromEnv === undefined || !(error instanceof UsageError)) throw error;
    throw new UsageError(`${error.message} (the path comes from FACTLINE_CONFIG)`);
  }
}

/**
 * Registers factline's tools into `into`. Loads the reader and the gate, the
 * slow part of starting: `Server`'s `prepare` runs it after the handshake.
 */
export async function mountFactlineTools(
  into: { register(tool: never): unknown },
  config: FactlineConfig,
  io: CliIO,
) {
  const { factlineTools } = await import('../../engine/mcp/tools.ts');
  // The engine is given no stdout: the protocol owns it (and the capture guard enforces that).
  const tools = factlineTools({ cwd: io.cwd, env: io.env, stderr: io.stderr }, config);
  for (const name of tools.names()) into.register(tools.get(name) as never);
}

/** FACTLINE_CONFIG: a config file, or a directory that holds one; unset or empty: none. */
// @implements adoption#SERVE-CONFIG-FROM-ENV
function configFromEnv(io: CliIO): string | undefined {
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

// @implements factline#CORE-SERVE-MOUNTS-FACTLINE-TOOLS
const command: Command = {
  name: 'serve',
  summary: "MCP server on stdio exposing factline's own tools",
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const config = loadServeConfig(argv, io);
    const tools = new ToolSet();
    // @implements mcp-revisions#SERVE-SPEAKS-EVERY-REVISION
    const server = revisionServer('factline', factlineVersion(), tools, {
      prepare: () => mountFactlineTools(tools, config, io),
    });
    const end = await serveStdio(server);
    if (end.reason === 'end-of-input') return EXIT.clean;
    io.stderr.write(`factline serve: ${end.error.message}\n`);
    return EXIT.findings;
  },
};
export default command;
