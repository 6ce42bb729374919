/**
 * Bundles the report page's script (checks/reporters/html/page/, typed
 * TypeScript) into one browser script and writes it as a string module the
 * pure HTML reporter imports, so the page stays one self-contained file.
 *
 * Runs in `prepare` (so `npm ci` builds it), `pretest` and `build`; the output
 * is not committed. `node --import tsx support/build-page.ts [--check]`:
 * --check writes nothing and exits 1 when the module is missing or stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('../checks/reporters/html/page/main.ts', import.meta.url));
export const PAGE_MODULE = fileURLToPath(new URL('../checks/reporters/html/page-script.ts', import.meta.url));

/**
 * The page script as the browser runs it: one IIFE, no imports, minified. It
 * holds the spec renderer (html/spec-markup.ts: unified, remark, rehype), so
 * its size counts in every page; the Markdown packages' `browser` builds are
 * the ones taken (vfile without node:path, character references decoded by
 * the DOM). A Node built-in reached from the page fails the build: the
 * browser platform has none to put in its place.
 */
export async function bundlePageScript(): Promise<string> {
  const out = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    charset: 'utf8',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** The TypeScript module that carries the bundle. */
export function pageModuleText(script: string): string {
  return [
    '// Built by support/build-page.ts from checks/reporters/html/page/ (npm run build); not committed, do not edit.',
    '/** The report page script: one IIFE, inlined by checks/reporters/html.ts. */',
    `export const REPORT_JS: string = ${JSON.stringify(script)};`,
    '',
  ].join('\n');
}

function current(): string | undefined {
  try {
    return readFileSync(PAGE_MODULE, 'utf8');
  } catch {
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = pageModuleText(await bundlePageScript());
  if (process.argv.includes('--check')) {
    if (current() !== text) {
      console.error(`${PAGE_MODULE} is missing or stale: run \`npm run build\``);
      process.exitCode = 1;
    }
  } else if (current() !== text) {
    writeFileSync(PAGE_MODULE, text);
  }
}
