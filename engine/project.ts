/**
 * One project as the engine sees it: its config, read once; its specs and
 * its file list, each loaded once when first asked for. Commands, the MCP
 * tools, the benchmarks and tests open one and ask it for what they need.
 */
import type { GateFile } from '../checks/gate.ts';
import { loadConfig } from './config/load.ts';
import type { FactlineConfig } from './config/model.ts';
import type { FoundEnough } from './files/walk.ts';
import { listGateFiles } from './gate/files.ts';
import type { GateOptions, GateRun } from './gate/run.ts';
import type { EngineIO } from './io.ts';
import {
  type LoadedSpecs,
  loadSpecSet,
  parseSpecLazily,
  requireSomeSpec,
  type SpecParser,
  type SpecSharing,
} from './specs.ts';

// @implements engine#PROJECT-LOADS-ONCE
export class Project {
  private specsLoaded: Promise<LoadedSpecs> | undefined;
  private filesListed: Promise<GateFile[]> | undefined;

  constructor(
    readonly io: EngineIO,
    readonly config: FactlineConfig,
    /** Spec files or directories to read instead of the config's `specs` globs. */
    readonly specPaths: readonly string[] = [],
  ) {}

  /**
   * The project whose config is `configFile` (relative to the caller's cwd),
   * else ./factline.config.json, else the defaults.
   */
  static open(io: EngineIO, configFile?: string, specPaths: readonly string[] = []): Project {
    return new Project(io, loadConfig(io.cwd, configFile), specPaths);
  }

  /**
   * The same project with its specs as this one loaded them, and its files
   * listed anew: for a caller that knows the specs did not change.
   */
  // @implements serve#SERVE-TOOLS-REUSE-THE-LOADED-PROJECT
  withSameSpecs(): Project {
    const next = new Project(this.io, this.config, this.specPaths);
    next.specsLoaded = this.specsLoaded;
    return next;
  }

  get root(): string {
    return this.config.root;
  }

  /**
   * The specs, parsed by `parse` on the first call (the gate passes its cached
   * parser, or without one shares the reading with its scan worker: `share`);
   * later calls share them.
   */
  specs(parse: SpecParser = parseSpecLazily, share?: SpecSharing): Promise<LoadedSpecs> {
    this.specsLoaded ??= loadSpecSet(this.io, this.config, [...this.specPaths], parse, share);
    return this.specsLoaded;
  }

  /** The source and test files the gate reads, listed on the first call (`whenFound` is told mid-walk). */
  files(whenFound?: FoundEnough): Promise<GateFile[]> {
    this.filesListed ??= listGateFiles(this.config, whenFound);
    return this.filesListed;
  }

  /** The gate over this project (`factline check`). */
  async check(options: GateOptions = {}): Promise<GateRun> {
    // Without a config the folder may be anything (`/` included): its specs
    // decide first whether there is a project at all, before any walk starts.
    // @implements adoption#NO-CONFIG-CHECK-EXITS-AT-ONCE
    if (this.specPaths.length === 0) await requireSomeSpec(this.config);
    const { runGate } = await import('./gate/run.ts');
    return runGate(this, options);
  }
}
