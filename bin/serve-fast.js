// `factline serve` with nothing heavy before the first answer: the compiled
// core (dist/mcp-core, built by `npm run build` and on install) answers the
// handshake at once; tsx, the config and factline's tools load right after
// it, through the Server's `prepare`. Plain JavaScript, so no loader is needed
// to get this far.
import { readdirSync, readFileSync, statSync } from 'node:fs';

const DIST = new URL('../dist/mcp-core/index.js', import.meta.url);
const GENERATED = new URL('../generated/', import.meta.url);

/** True when the compiled core exists and is at least as new as every generated module. */
function compiledCoreIsFresh() {
  let built;
  try {
    built = statSync(DIST).mtimeMs;
  } catch {
    return false;
  }
  return readdirSync(GENERATED)
    .filter((name) => name.endsWith('.ts'))
    .every((name) => statSync(new URL(name, GENERATED)).mtimeMs <= built);
}

/**
 * Serves and resolves with the exit code; undefined when this path does not
 * apply (help asked, arguments to check, or no fresh compiled core) and the
 * ordinary command should run instead.
 */
export async function serveFast(argv, io) {
  const plain =
    argv.length === 0 ||
    (argv.length === 2 && argv[0] === '--config') ||
    (argv.length === 1 && argv[0].startsWith('--config='));
  if (!plain || !compiledCoreIsFresh()) return undefined;
  const { revisionServer, ToolSet, serveStdio } = await import(DIST.href);
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const tools = new ToolSet();
  const server = revisionServer('factline', version, tools, {
    async prepare() {
      const { register } = await import('tsx/esm/api');
      register();
      const [{ loadServeConfig }, { mountFactlineTools }] = await Promise.all([
        import('../cli/commands/serve.ts'),
        import('../engine/mcp/serve.ts'),
      ]);
      try {
        await mountFactlineTools(tools, loadServeConfig(argv, io), io);
      } catch (error) {
        // The session is already open: the tools answer with this, and the log says it too.
        io.stderr.write(`factline serve: ${error.message}\n`);
        throw error;
      }
    },
  });
  const end = await serveStdio(server);
  if (end.reason === 'end-of-input') return 0;
  io.stderr.write(`factline serve: ${end.error.message}\n`);
  return 1;
}
