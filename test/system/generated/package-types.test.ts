/**
 * What an npm consumer gets: both tarballs ship README and LICENSE, and the
 * core's types resolve from the packed tarball under every
 * `moduleResolution` a consumer may use (node10, node16, bundler).
 *
 * Packing and installing is done once for all settings; each setting is one
 * compiler run over three consumers (one per way to import the core), so a
 * loaded machine pays three type checks instead of nine. The compiler runs
 * as a child the test awaits, so a timeout can fire while it works.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectOutput, REPO } from '../../support/cli.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

/** The files `npm pack` would put in the tarball of the package in `dir` (scripts not run). */
function packedFiles(dir: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
}

/** Packs the package in `dir` and unpacks it as `node_modules/<name>` of `project`, as npm would install it. */
function installTarball(dir: string, name: string, project: string, scripts = true): void {
  const packs = temp('pack-');
  // The root package's build (dist/mcp-core) is the tests' global setup's; its other build steps are not needed here.
  const args = [
    'pack',
    '--pack-destination',
    packs,
    '--loglevel=error',
    ...(scripts ? [] : ['--ignore-scripts']),
  ];
  execFileSync('npm', args, { cwd: dir, encoding: 'utf8' });
  const tarball = readdirSync(packs).find((f) => f.endsWith('.tgz')) as string;
  const into = join(project, 'node_modules', name);
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-xzf', join(packs, tarball), '-C', into, '--strip-components=1']);
}

const CONSUMER = (
  from: string,
) => `import { defineTool, revisionServer, Server, type Tool, ToolSet } from '${from}';
const echo: Tool = {
  descriptor: { name: 'echo', description: 'Answers its text.', inputSchema: { type: 'object' } },
  run: (args) => ({ report: String(args.text) }),
};
const shout = defineTool({
  descriptor: {
    name: 'shout',
    description: 'Answers its text, louder.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  run: (args) => ({ report: args.text.toUpperCase() }),
});
export const server: Server = revisionServer('s', '1', new ToolSet([echo, shout]));
`;

const SETTINGS: Record<string, Record<string, string>> = {
  // TypeScript 6 deprecates node10; consumers on it still compile with this switch.
  node10: { module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '6.0' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
};

/** The three ways a consumer imports the core: the core's own package, the root package's subpath and its root. */
const SPECIFIERS = ['factline-mcp-core', 'factline/mcp-core', 'factline'];

describe('the npm tarballs', () => {
  // @verifies mcp-host#PACKAGE-SHIPS-README-AND-LICENSE
  it('ship README.md and LICENSE, the root package and the core alone', () => {
    for (const dir of [REPO, join(REPO, 'packages', 'mcp-core')]) {
      const files = packedFiles(dir);
      expect(files, dir).toContain('README.md');
      expect(files, dir).toContain('LICENSE');
    }
  }, 60_000);
});

describe('the core’s types from the packed tarballs', () => {
  let project = '';
  beforeAll(() => {
    project = temp('types-consumer-');
    installTarball(join(REPO, 'packages', 'mcp-core'), 'factline-mcp-core', project);
    installTarball(REPO, 'factline', project, false);
  }, 300_000);

  /** One compiler run under `setting` over one consumer per import specifier; tsc's output when it fails. */
  async function typeCheck(setting: string): Promise<string> {
    const dir = join(project, setting);
    mkdirSync(dir);
    // The core is ESM: a node16 consumer is an ES module too.
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: `consumer-${setting}`,
        private: true,
        ...(setting === 'node16' ? { type: 'module' } : {}),
      }),
    );
    const files = SPECIFIERS.map((from) => {
      const file = `from-${from.replace('/', '_')}.ts`;
      writeFileSync(join(dir, file), CONSUMER(from));
      return file;
    });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...SETTINGS[setting],
          target: 'es2022',
          strict: true,
          noEmit: true,
          // The packages' declaration files are checked; TypeScript's own lib files need no checking here.
          skipLibCheck: false,
          skipDefaultLibCheck: true,
          types: ['node'],
          typeRoots: [join(REPO, 'node_modules', '@types')],
        },
        files,
      }),
    );
    const run = await collectOutput(
      spawn(process.execPath, [TSC, '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    return run.code === 0 ? '' : `${setting} (exit ${run.code}):\n${run.stdout}${run.stderr}`;
  }

  for (const setting of Object.keys(SETTINGS)) {
    // @verifies mcp-host#TYPES-RESOLVE-UNDER-EVERY-MODULE-RESOLUTION
    it(`resolve and check under moduleResolution ${setting}, imported as ${SPECIFIERS.join(', ')}`, async () => {
      expect(await typeCheck(setting)).toBe('');
    }, 300_000);
  }
});
