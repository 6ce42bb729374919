/**
 * Compiles the CLI (cli/ and everything it imports) into plain readable
 * JavaScript in dist/, so a run does not pay for tsx transforming the sources
 * at every start; each command stays its own lazily imported chunk.
 * Dependencies stay external but for the Markdown stack and the LSP packages
 * (BUNDLED_PACKAGES, LSP_PACKAGES): their many small modules cost a cold run
 * more to resolve and compile one by one than to load as one chunk.
 * Runs in `prepare` and `build`: `node --import tsx support/build-cli.ts`.
 */
import { hash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/*
 * The output sits directly in dist/ (dist/cli-main.js, dist/cli-chunk-*.js), one folder below the
 * package root like cli/*.ts, so code that finds the package from its own location finds the same
 * place compiled or not. dist/cli-inputs.json names every source the bundle was built from with the
 * sha1 of its content, taken before esbuild read anything (so a file edited while it built never
 * matches); in a checkout, bin/factline.js runs the bundle only while every source still has it.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI_BUNDLE = join(ROOT, 'dist', 'cli-main.js');
export const CLI_INPUTS = join(ROOT, 'dist', 'cli-inputs.json');

/** Removes an earlier build's files (chunk names change with their content). */
function clearOldBuild(): void {
  let names: string[] = [];
  try {
    names = readdirSync(join(ROOT, 'dist'));
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith('cli-')) rmSync(join(ROOT, 'dist', name), { force: true });
  }
}

/** sha1 of every file under the source folders, path relative to the package root. */
function sourceDigests(): Map<string, string> {
  const digests = new Map<string, string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) digests.set(path, hash('sha1', readFileSync(join(ROOT, path)), 'base64'));
    }
  };
  for (const dir of SOURCE_DIRS) visit(dir);
  return digests;
}

/** The packages our sources import from the Markdown stack: bundled with everything they import. */
export const BUNDLED_PACKAGES = [
  'unified',
  'remark-parse',
  'remark-gfm',
  'remark-rehype',
  'rehype-sanitize',
  'rehype-stringify',
  'unist-util-visit',
  'micromark-extension-gfm-autolink-literal',
  'micromark-extension-gfm-footnote',
  'micromark-extension-gfm-strikethrough',
  'micromark-extension-gfm-table',
  'micromark-extension-gfm-task-list-item',
  'mdast-util-gfm-autolink-literal',
  'mdast-util-gfm-footnote',
  'mdast-util-gfm-strikethrough',
  'mdast-util-gfm-table',
  'mdast-util-gfm-task-list-item',
];

/** The packages of `factline lsp`'s protocol layer: bundled too, for the same reason. */
// @implements lsp#LSP-STACK-BUNDLED
export const LSP_PACKAGES = ['vscode-languageserver', 'vscode-languageserver-textdocument'];

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Keeps every package import external but those of BUNDLED_PACKAGES (and
 * what they import in turn, which esbuild resolves and bundles with them).
 */
// @implements cli#MARKDOWN-STACK-BUNDLED
const externalButMarkdown: Plugin = {
  name: 'external-but-markdown',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const fromDependency = args.importer.includes('/node_modules/');
      const bundled =
        BUNDLED_PACKAGES.includes(packageOf(args.path)) || LSP_PACKAGES.includes(packageOf(args.path));
      if (fromDependency || bundled) return undefined;
      return { external: true };
    });
  },
};

/** Where the CLI's sources live; a bundled input outside them is a build error. */
const SOURCE_DIRS = ['cli', 'engine', 'checks', 'reader', 'generator', 'generated'];

export async function buildCli(): Promise<{ inputs: string[] }> {
  // Before esbuild reads anything: a source edited during the build will not match.
  const before = sourceDigests();
  clearOldBuild();
  const out = await build({
    // (speed-pool#WORKER-ENTRY-BUILT)
    // The scan pool's worker is an entry of its own, sharing the chunks of the CLI (engine/parallel/pool.ts starts it).
    entryPoints: {
      'cli-main': join(ROOT, 'cli', 'main.ts'),
      'cli-scan-worker': join(ROOT, 'engine', 'parallel', 'worker.ts'),
      // The stored-result check that bin/factline.js runs before it loads the CLI (engine#WHOLE-RESULT-LOADS-LITTLE).
      'cli-result-hit': join(ROOT, 'engine', 'cache', 'result-hit.ts'),
    },
    outdir: join(ROOT, 'dist'),
    chunkNames: 'cli-chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalButMarkdown],
    // The LSP packages are CommonJS: their `require` of Node's built-ins needs a require in each ES module chunk.
    banner: {
      js: "import { createRequire as createRequireForBundled } from 'node:module'; const require = createRequireForBundled(import.meta.url);",
    },
    // No keepNames (tsx's default): it wraps every closure created at run time in a
    // call that defines its name, which cost a warm check of 20,000 files over a second.
    // Nothing reads function or class names; errors carry their own `name`.
    keepNames: false,
    charset: 'utf8',
    metafile: true,
    absWorkingDir: ROOT,
    logLevel: 'warning',
  });
  const inputs = Object.keys(out.metafile.inputs)
    .filter((path) => !path.includes('node_modules/'))
    .sort();
  const digests: Record<string, string> = {};
  for (const input of inputs) {
    const digest = before.get(input);
    if (digest === undefined)
      throw new Error(`${input} is bundled but lies outside ${SOURCE_DIRS.join(', ')}`);
    digests[input] = digest;
  }
  writeFileSync(CLI_INPUTS, `${JSON.stringify({ entry: 'cli-main.js', inputs: digests }, null, 2)}\n`);
  return { inputs };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { inputs } = await buildCli();
  console.log(`built dist/cli-main.js from ${inputs.length} sources`);
}
