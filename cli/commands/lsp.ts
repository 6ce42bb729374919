/** `factline lsp`: the Language Server Protocol server on stdin/stdout, for any editor that speaks LSP. */
import { resolve } from 'node:path';
import { rooms, UsageError } from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import type { CliIO, Command } from '../io.ts';

const SPEC = defineCommand({
  name: 'lsp',
  options: {
    config: SHARED.config,
    stdio: {
      type: 'boolean',
      help: 'speak over stdin/stdout (the one transport; accepted because editors pass it)',
    },
  },
  about: `Serves the Language Server Protocol on stdin/stdout until the client sends
\`exit\` or closes stdin. The project is the client's workspace folder (its
factline.config.json, or --config): it is scanned once when the client
connects, as \`factline check\` scans it (the same cache), and kept in memory.
Open buffers are judged as you type, without saving: unknown, ambiguous,
misplaced and stale citations in code, markup errors in specs; on save, the
gaps of the facts a buffer cites or defines. Hover, go to definition, find
references, document symbols, completion of references, quick fixes and a
code lens per fact. docs/editors.md shows the setup for VS Code, Neovim,
Helix and Zed.`,
  epilog: 'Exit codes: 0 exit after shutdown · 1 the client left without shutdown · 2 usage error.',
});

// @implements lsp#STDIO-SERVER
const command: Command = {
  name: 'lsp',
  summary: 'Language Server Protocol server on stdio (editor integration)',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values } = parseCommandArgs(SPEC, argv);
    if (io.stdin === undefined)
      throw new UsageError('lsp reads its client from standard input, and there is none');
    const { serveLsp } = await rooms.lsp();
    return serveLsp({
      input: io.stdin,
      output: io.stdout,
      io: { cwd: io.cwd, env: io.env, stderr: io.stderr },
      ...(values.config === undefined ? {} : { configFile: resolve(io.cwd, values.config) }),
    });
  },
};
export default command;
