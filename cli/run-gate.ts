/**
 * The gate's file-system half: find the scanned files from the config globs,
 * read and scan them, load the specs, fold in generated drift, and hand
 * everything to the pure trace. Shared by `check`, `explain`, `pin`,
 * `report` and the `trace_check` MCP tool.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import picomatch from 'picomatch';
import { glob } from 'tinyglobby';
import type { Finding, TraceResult } from '../checks/model.ts';
import { isScannable, type ScannedCitation, scanFile } from '../checks/scan/index.ts';
import { type ScannedFile, trace } from '../checks/trace.ts';
import { type FactlineConfig, loadConfig } from './config.ts';
import { type CliIO, UsageError } from './io.ts';
import { type LoadedSpecs, loadSpecSet } from './load-specs.ts';

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

const CACHE_VERSION = 'scan-v1';

interface Entry {
  hash: string;
  citations: ScannedCitation[];
}

/**
 * Content-hash cache of scan results in `.factline-cache/` (gitignored): an
 * unchanged file is hashed, not tokenized, so a re-check costs little more
 * than reading the tree. Keyed by the scanner version too.
 */
export class ScanCache {
  private dirty = false;
  private readonly next = new Map<string, Entry>();

  private constructor(
    private readonly dir: string,
    private readonly entries: Map<string, Entry>,
  ) {}

  static open(root: string): ScanCache {
    const dir = join(root, '.factline-cache');
    let entries = new Map<string, Entry>();
    try {
      const raw = JSON.parse(readFileSync(join(dir, `${CACHE_VERSION}.json`), 'utf8')) as Record<
        string,
        Entry
      >;
      entries = new Map(Object.entries(raw));
    } catch {
      // No cache yet, or a corrupt one: start empty.
    }
    return new ScanCache(dir, entries);
  }

  scan(
    file: string,
    text: string,
    scanner: (file: string, text: string) => ScannedCitation[],
  ): ScannedCitation[] {
    const hash = createHash('sha1').update(text).digest('base64');
    const hit = this.entries.get(file);
    if (hit && hit.hash === hash) {
      this.next.set(file, hit);
      return hit.citations;
    }
    const citations = scanner(file, text);
    this.next.set(file, { hash, citations });
    this.dirty = true;
    return citations;
  }

  /** Atomic write (temp + rename); files no longer scanned drop out. */
  save(): void {
    if (!this.dirty && this.next.size === this.entries.size) return;
    try {
      mkdirSync(this.dir, { recursive: true });
      const target = join(this.dir, `${CACHE_VERSION}.json`);
      const temp = `${target}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(Object.fromEntries(this.next)));
      renameSync(temp, target);
    } catch {
      // A cache that cannot be written only costs speed.
    }
  }
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
