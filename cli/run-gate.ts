/**
 * The gate's file-system half: find the scanned files from the config globs,
 * read and scan them, load the specs, fold in generated drift, and hand
 * everything to the pure trace. Shared by `check`, `explain`, `pin`,
 * `report` and the `trace_check` MCP tool.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import picomatch from 'picomatch';
import { glob } from 'tinyglobby';
import type { Finding, TraceResult } from '../checks/model.ts';
import { isScannable, scanFile } from '../checks/scan/index.ts';
import { type ScannedFile, trace } from '../checks/trace.ts';
import { parseSpec } from '../generator/spec/index.ts';
import { type FactlineConfig, loadConfig } from './config.ts';
import { cachedParser, cachedScan, openScanCache, openSpecCache } from './gate-cache.ts';
import { type CliIO, UsageError } from './io.ts';
import { type LoadedSpecs, loadSpecSet } from './load-specs.ts';

/**
 * Never read, whatever the config's own `ignore` says: dependencies, git
 * internals, build output (a compiled copy of a cited file would count its
 * citations twice) and the scan cache.
 */
export const ALWAYS_IGNORED = [
  '**/node_modules/**',
  '**/.git/**',
  '**/dist/**',
  '**/build/**',
  '**/.factline-cache/**',
];

export interface GateOptions {
  strict?: boolean;
  /** Spec files or directories; empty or absent: the config's `specs` globs. */
  specs?: string[];
  /** Filled with milliseconds per phase when given (for the benchmark). */
  timings?: Record<string, number>;
  /** Use the content-hash scan cache under `.factline-cache/` (default: false). */
  cache?: boolean;
}

export interface GateFile {
  /** Repo-relative, forward slashes. */
  file: string;
  inTest: boolean;
}

// @implements factline#GATE-FILE-SETS
export async function listGateFiles(config: FactlineConfig): Promise<GateFile[]> {
  const ignore = [...config.ignore, ...ALWAYS_IGNORED];
  const found = await glob([...config.sources, ...config.tests], {
    cwd: config.root,
    ignore,
    onlyFiles: true,
    dot: false,
    followSymbolicLinks: false,
  });
  const isTest = picomatch(config.tests, { dot: false });
  return [...new Set(found)]
    .filter(isScannable)
    .sort()
    .map((file) => ({ file, inTest: isTest(file) }));
}

async function driftFindings(config: FactlineConfig): Promise<Finding[]> {
  if (!existsSync(resolve(config.root, config.generate.templates))) return [];
  if (!existsSync(resolve(config.root, config.generate.spec))) return [];
  const [{ loadGenerationInput }, { generationFindings }] = await Promise.all([
    import('./commands/gen.ts'),
    import('./generation-findings.ts'),
  ]);
  return generationFindings(loadGenerationInput(config));
}

export async function runGate(
  io: CliIO,
  config: FactlineConfig,
  options: GateOptions = {},
): Promise<{ result: TraceResult; specs: LoadedSpecs }> {
  const timings = options.timings ?? {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = (timings[name] ?? 0) + (now - t);
    t = now;
  };
  const specCache = options.cache ? openSpecCache(config.root) : undefined;
  const specs = await loadSpecSet(
    io,
    config,
    options.specs ?? [],
    specCache ? cachedParser(specCache) : parseSpec,
  );
  specCache?.save();
  lap('specs');
  const files = await listGateFiles(config);
  lap('glob');
  const cache = options.cache ? openScanCache(config.root) : undefined;
  const scanned: ScannedFile[] = [];
  let readMs = 0;
  for (const f of files) {
    const r0 = performance.now();
    let text: string;
    try {
      text = readFileSync(resolve(config.root, f.file), 'utf8');
    } catch (error) {
      // Vanished between glob and read: nothing left to cite. Anything else
      // (no permission, a directory, an I/O error) would hide its citations
      // and let the gate pass a gap, so it stops the run.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new UsageError(
        `cannot read ${f.file}: ${(error as Error).message}; make it readable, or add it to \`ignore\` in the config`,
      );
    }
    readMs += performance.now() - r0;
    const citations = cache ? cachedScan(cache, f.file, text) : scanFile(f.file, text);
    if (citations.length > 0) scanned.push({ file: f.file, inTest: f.inTest, citations });
  }
  cache?.save();
  lap('read+scan');
  timings.read = (timings.read ?? 0) + readMs;
  const extraFindings = await driftFindings(config);
  lap('drift');
  const result = trace(specs.set, scanned, {
    strict: options.strict ?? config.strict,
    extraFindings,
  });
  lap('trace');
  return { result, specs };
}

export interface GateArgs {
  refs: string[];
  config?: string;
  specs: string[];
  strict: boolean;
}

export function parseGateArgs(argv: string[], usage: string): GateArgs {
  const args: GateArgs = { refs: [], specs: [], strict: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--strict') args.strict = true;
    else if (arg === '--config' || arg.startsWith('--config=')) {
      const value = arg === '--config' ? argv[++i] : arg.slice('--config='.length);
      if (!value) throw new UsageError('--config needs a file path');
      args.config = value;
    } else if (arg === '--specs') {
      while (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) args.specs.push(argv[++i]!);
    } else if (arg.startsWith('--')) throw new UsageError(`unknown option \`${arg}\`\n${usage}`);
    else args.refs.push(arg);
  }
  return args;
}

export async function gateFor(io: CliIO, args: GateArgs) {
  const config = loadConfig(io.cwd, args.config);
  const gate = await runGate(io, config, {
    strict: args.strict || config.strict,
    specs: args.specs,
    cache: true,
  });
  return { config, ...gate };
}
