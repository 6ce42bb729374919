/** `factline serve`: the generated MCP core on stdio with factline's tools mounted. */
import { revisionServer, serveStdio } from '../../generated/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { loadConfig } from '../config.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';
import { FACTLINE_VERSION, factlineTools } from '../serve-tools.ts';

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

// @implements factline#CORE-SERVE-MOUNTS-FACTLINE-TOOLS
const command: Command = {
  name: 'serve',
  summary: "MCP server on stdio exposing factline's own tools",
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const config = loadConfig(io.cwd, parseCommandArgs(SPEC, argv).values.config);
    // Tool output never goes to stdout: the protocol owns it, and the capture guard enforces that.
    const toolIO: CliIO = { ...io, stdout: io.stderr };
    // @implements mcp-revisions#SERVE-SPEAKS-EVERY-REVISION
    const end = await serveStdio(revisionServer('factline', FACTLINE_VERSION, factlineTools(toolIO, config)));
    if (end.reason === 'end-of-input') return EXIT.clean;
    io.stderr.write(`factline serve: ${end.error.message}\n`);
    return EXIT.findings;
  },
};
export default command;
