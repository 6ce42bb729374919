/** `factline serve`: factline's tools over MCP on stdio (engine/mcp/serve.ts). */
import { rooms, type ServeProject, UsageError } from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'serve',
  options: {
    config: SHARED.config,
    http: {
      type: 'string',
      value: 'PORT',
      help: 'serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio (0: a free port)',
    },
    host: {
      type: 'string',
      value: 'ADDRESS',
      help: 'with --http: the address to listen on (default 127.0.0.1)',
    },
  },
  about: `Serves MCP on stdin/stdout (line-delimited JSON-RPC) until the host closes
stdin. Tools: facts_list, fact_explain, trace_check. Specs and sources are
read afresh on every call, relative to the config's root.

Without --config, the config comes from the environment variable FACTLINE_CONFIG
(a config file, or a directory holding factline.config.json), else
./factline.config.json; hosts start servers from anywhere, and the MCP
Inspector has a --config flag of its own. With no project (no config and no
spec here, or a config that cannot be read) the session still opens, and a log
line and every tool's error say what is missing and the fix. Host
configuration (e.g. .mcp.json), with absolute paths:
  {"mcpServers": {"factline": {
    "command": "/path/to/project/node_modules/.bin/factline", "args": ["serve"],
    "env": {"FACTLINE_CONFIG": "/path/to/project/factline.config.json"}}}}`,
  epilog:
    'With --http the address is written to stderr and the server runs until SIGINT or SIGTERM.\nExit codes: 0 input ended (or interrupted, with --http) · 1 the host broke the channel · 2 usage error.',
});

const command: Command = {
  name: 'serve',
  summary: "MCP server exposing factline's own tools, on stdio or (--http PORT) Streamable HTTP",
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values } = parseCommandArgs(SPEC, argv);
    if (values.host !== undefined && values.http === undefined)
      throw new UsageError('--host needs --http PORT');
    // No project here (no config, no spec, or a config that cannot be read): the session still
    // opens and says so to the host, which shows a server that exits only as "Connection closed".
    const { serveFactline, serveProject } = await rooms.serve();
    const project = await serveProject(io, values.config);
    if ('missing' in project) io.stderr.write(`${project.missing}\n`);
    if (values.http !== undefined) return serveOverHttp(values.http, values.host, project, io);
    const failure = await serveFactline(project, io);
    if (failure === undefined) return EXIT.clean;
    io.stderr.write(`factline serve: ${failure.message}\n`);
    return EXIT.findings;
  },
};
/** `--http PORT`: serves until the user interrupts (SIGINT, SIGTERM), then exits 0. */
async function serveOverHttp(
  port: string,
  host: string | undefined,
  project: ServeProject,
  io: CliIO,
): Promise<number> {
  const n = Number(port);
  if (!/^\d+$/.test(port) || n > 65535) {
    throw new UsageError(`--http needs a TCP port (0-65535), got ${JSON.stringify(port)}`);
  }
  const { serveFactlineHttp } = await rooms.serveHttp();
  // The bin wires io.onInterrupt to SIGINT and SIGTERM; without it (in process) nothing interrupts.
  const stop = new Promise<void>((resolve) => {
    const unsubscribe = io.onInterrupt?.(() => {
      unsubscribe?.();
      resolve();
    });
  });
  await serveFactlineHttp(project, io, { port: n, ...(host === undefined ? {} : { host }) }, stop);
  return EXIT.clean;
}
export default command;
