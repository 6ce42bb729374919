/**
 * `factline serve`: the generated MCP core, speaking every protocol revision,
 * on stdio with factline's tools mounted. The tools (the reader, the gate)
 * load after the handshake, so a host gets its `initialize` answer without
 * waiting for them.
 */
import { readFileSync } from 'node:fs';
import { revisionServer, serveStdio, ToolSet } from '../../generated/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type FactlineConfig, loadConfig } from '../config.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'serve',
  options: { config: SHARED.config },
  about: `Serves MCP on stdin/stdout (line-delimited JSON-RPC) until the host closes
stdin. Tools: facts_list, fact_explain, trace_check. Specs and sources are
read afresh on every call, relative to the config's root.

Host configuration (e.g. .mcp.json):
  {"mcpServers": {"factline": {"command": "npx", "args": ["factline", "serve"]}}}`,
  epilog: 'Exit codes: 0 input ended · 1 the host broke the channel · 2 usage or config error.',
});

/** The `--config` path of `factline serve` arguments; anything else is a usage error. */
export function serveConfigPath(argv: string[]): string | undefined {
  return parseCommandArgs(SPEC, argv).values.config;
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
  const { factlineTools } = await import('../serve-tools.ts');
  // Tool output never goes to stdout: the protocol owns it, and the capture guard enforces that.
  const tools = factlineTools({ ...io, stdout: io.stderr }, config);
  for (const name of tools.names()) into.register(tools.get(name) as never);
}

export function factlineVersion(): string {
  return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
}

// @implements factline#CORE-SERVE-MOUNTS-FACTLINE-TOOLS
const command: Command = {
  name: 'serve',
  summary: "MCP server on stdio exposing factline's own tools",
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const config = loadConfig(io.cwd, serveConfigPath(argv));
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
