/**
 * Drives examples/monorepo through its build engines (Turborepo, Nx) for the
 * system test and bench/monorepo.ts: a private copy of the example (a git
 * repository of its own, the example's installed engines linked in), the
 * file-system "remote" cache beside it, one engine run with what each shard
 * task did (ran, or restored from the local or the remote cache), and the
 * merge against one full `factline check`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('..', import.meta.url));
export const EXAMPLE = join(REPO, 'examples', 'monorepo');
export const BIN = join(REPO, 'bin', 'factline.js');
export const TASK = 'factline:shard';

export type Engine = 'turbo' | 'nx';

/** What one engine run did: its wall time, and each package's shard task by what it did. */
export interface EngineRun {
  ms: number;
  ran: string[];
  local: string[];
  remote: string[];
}

/** The engines' entry points in the example's own install; undefined when `npm ci` has not run there. */
export function installedEngines(): Record<Engine, string> | undefined {
  const turbo = join(EXAMPLE, 'node_modules', 'turbo', 'bin', 'turbo');
  const nx = join(EXAMPLE, 'node_modules', 'nx', 'dist', 'bin', 'nx.js');
  return existsSync(turbo) && existsSync(nx) ? { turbo, nx } : undefined;
}

const OWN_STATE = new Set(['node_modules', '.turbo', '.nx', '.factline', '.fs-cache']);

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** The example copied to `into` without any engine's state, committed to a repository of its own. */
export function copyExample(into: string): void {
  cpSync(EXAMPLE, into, {
    recursive: true,
    filter: (source) => !OWN_STATE.has(source.split(/[\\/]/).at(-1) ?? ''),
  });
  symlinkSync(join(EXAMPLE, 'node_modules'), join(into, 'node_modules'), 'dir');
  git(into, 'init', '-q', '-b', 'main');
  git(into, 'add', '-A');
  git(
    into,
    '-c',
    'user.name=factline',
    '-c',
    'user.email=factline@example.invalid',
    'commit',
    '-qm',
    'example',
  );
}

/** The package folders, sorted. */
export function packagesOf(root: string): string[] {
  return readdirSync(join(root, 'packages'))
    .filter((name) => existsSync(join(root, 'packages', name, 'package.json')))
    .sort();
}

/** What every run needs: factline (path and version, the latter part of each task's key) and the engines kept quiet. */
export function engineEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const version = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' }).stdout.trim();
  return {
    ...process.env,
    NO_COLOR: '1',
    FACTLINE_BIN: BIN,
    FACTLINE_VERSION: version,
    TURBO_TELEMETRY_DISABLED: '1',
    TURBO_NO_UPDATE_NOTIFIER: '1',
    DO_NOT_TRACK: '1',
    NX_DAEMON: 'false',
    NX_TUI: 'false',
    NX_SKIP_NX_CACHE: 'false',
    ...extra,
  };
}

/** The file-system cache server (examples/monorepo/scripts/fs-cache-server.mjs) on a free port. */
export async function startFsCache(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [join(root, 'scripts', 'fs-cache-server.mjs'), join(root, '.fs-cache')],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`fs-cache-server exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A child run to its end without blocking this process (the cache server may live in it). */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Each package's shard task through `engine`, with the remote cache at `remote` when given. */
export async function runEngine(
  engine: Engine,
  root: string,
  env: NodeJS.ProcessEnv,
  remote?: string,
): Promise<EngineRun> {
  const bins = installedEngines();
  if (!bins) throw new Error('the engines are not installed: run `npm ci` in examples/monorepo');
  const withRemote: NodeJS.ProcessEnv =
    remote === undefined
      ? {}
      : engine === 'turbo'
        ? { TURBO_API: remote, TURBO_TOKEN: 'local', TURBO_TEAM: 'local' }
        : { NX_SELF_HOSTED_REMOTE_CACHE_SERVER: remote };
  rmSync(join(root, '.turbo', 'runs'), { recursive: true, force: true });
  const args =
    engine === 'turbo'
      ? [bins.turbo, 'run', TASK, '--summarize', '--output-logs=hash-only']
      : [bins.nx, 'run-many', '-t', TASK, '--outputStyle=static'];
  const start = performance.now();
  const r = await run(process.execPath, args, root, { ...env, ...withRemote });
  const ms = performance.now() - start;
  if (r.code !== 0) throw new Error(`${engine} exited ${r.code}:\n${r.stdout}\n${r.stderr}`);
  return { ms, ...(engine === 'turbo' ? turboTasks(root) : nxTasks(r.stdout)) };
}

type Tasks = Omit<EngineRun, 'ms'>;

/** From turbo's run summary (`--summarize`): each task's cache status and where a hit came from. */
function turboTasks(root: string): Tasks {
  const dir = join(root, '.turbo', 'runs');
  const [file] = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const summary = JSON.parse(readFileSync(join(dir, file!), 'utf8')) as {
    tasks: { package: string; task: string; cache: { status: string; local: boolean; remote: boolean } }[];
  };
  const tasks: Tasks = { ran: [], local: [], remote: [] };
  for (const t of summary.tasks) {
    if (t.task !== TASK) continue;
    const name = t.package.replace(/^@example\//, '');
    if (t.cache.status !== 'HIT') tasks.ran.push(name);
    else if (t.cache.local) tasks.local.push(name);
    else tasks.remote.push(name);
  }
  return sorted(tasks);
}

/** From nx's static output: `> nx run PROJECT:"TASK"` with `[local cache]`, `[remote cache]` or nothing (it ran). */
function nxTasks(stdout: string): Tasks {
  const tasks: Tasks = { ran: [], local: [], remote: [] };
  for (const m of stdout.matchAll(/^> nx run @example\/([\w-]+):"?factline:shard"?(.*)$/gm)) {
    const note = m[2] ?? '';
    if (/remote cache/.test(note)) tasks.remote.push(m[1]!);
    else if (/local cache|existing outputs match the cache/.test(note)) tasks.local.push(m[1]!);
    else tasks.ran.push(m[1]!);
  }
  return sorted(tasks);
}

const sorted = (t: Tasks): Tasks => ({ ran: t.ran.sort(), local: t.local.sort(), remote: t.remote.sort() });

/** The engines' local caches and the shards they wrote, gone (a fresh CI machine with the remote cache only). */
export function dropLocalState(root: string): void {
  for (const dir of ['.turbo', '.nx/cache']) rmSync(join(root, dir), { recursive: true, force: true });
  for (const name of packagesOf(root))
    rmSync(join(root, 'packages', name, '.factline'), { recursive: true, force: true });
}

/** `factline merge --json` of every package's shard, beside one `factline check --json` over the tree. */
export async function mergedAndSingle(root: string, env: NodeJS.ProcessEnv) {
  const shards = packagesOf(root).map((name) => `packages/${name}/.factline/shard.json`);
  const merged = await run(process.execPath, [BIN, 'merge', '--json', ...shards], root, env);
  const single = await run(process.execPath, [BIN, 'check', '--json', '--no-cache'], root, env);
  return { merged, single };
}

/** The packages whose shard reads `spec` (their own, or cited), from `factline check --shard --inputs --json`. */
export async function readersOf(root: string, spec: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const readers: string[] = [];
  for (const name of packagesOf(root)) {
    const r = await run(
      process.execPath,
      [BIN, 'check', '--shard', `packages/${name}`, '--inputs'],
      root,
      env,
    );
    if (r.stdout.split('\n').includes(spec)) readers.push(name);
  }
  return readers;
}
