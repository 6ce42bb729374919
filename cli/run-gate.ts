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
import type { FactlineConfig } from './config.ts';
import type { CliIO } from './io.ts';
import { type LoadedSpecs, loadSpecSet } from './load-specs.ts';
import { ScanCache } from './scan-cache.ts';

/** Never read, whatever the config says. */
export const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**', '**/.factline-cache/**'];

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
    import('../generator/render/drift.ts'),
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
  const specs = await loadSpecSet(io, config, options.specs ?? []);
  lap('specs');
  const files = await listGateFiles(config);
  lap('glob');
  const cache = options.cache ? ScanCache.open(config.root) : undefined;
  const scanned: ScannedFile[] = [];
  let readMs = 0;
  for (const f of files) {
    const r0 = performance.now();
    let text: string;
    try {
      text = readFileSync(resolve(config.root, f.file), 'utf8');
    } catch {
      // Vanished between glob and read (or unreadable): nothing to cite.
      continue;
    }
    readMs += performance.now() - r0;
    const citations = cache ? cache.scan(f.file, text, scanFile) : scanFile(f.file, text);
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
