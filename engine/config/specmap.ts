/**
 * vibevm's `specmap.toml` read as factline's config, so a vibevm project
 * needs no second config (PROP-014's scan policy, mapped key by key, see
 * specmapConfig) with the policy preset `vibevm`.
 */

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Toml from 'smol-toml';
import { PROGRESS_DEFAULT_INCLUDES } from '../../checks/profiles/vibevm.ts';
import { UsageError } from '../errors.ts';
import { defaultConfig, type FactlineConfig } from './model.ts';

function strings(table: Record<string, unknown>, key: string, where: string): string[] {
  const value = table[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new UsageError(`${where}: \`${key}\` must be an array of strings`);
  }
  return value.map((v) => v.replace(/\/+$/, ''));
}

/** `crates/*` scans each subdirectory of crates/ as a crate; any other entry is a literal directory. */
function scanGlobs(root: string): { sources: string; tests: string } {
  return { sources: `${root}/**/*.rs`, tests: `${root}/tests/**` };
}

/**
 * The TOML parser, loaded (its CommonJS build, synchronously) only when a
 * specmap.toml is read: a run with factline.config.json never pays for it.
 */
// @implements cli#LOADS-ONLY-WHAT-RUNS
let tomlModule: typeof Toml | undefined;
function toml(): typeof Toml {
  tomlModule ??= createRequire(import.meta.url)('smol-toml') as typeof Toml;
  return tomlModule;
}

// @implements engine#SPECMAP-CONFIG
/*
 *   namespace       → namespace
 *   scan_roots      → sources `ROOT/**\/*.rs` (`dir/*`: each subdir a crate), tests `…/tests/**`
 *   spec_roots      → specs `ROOT/**\/*.md`, the first one the specs root
 *   schema_roots    → sources `ROOT/**\/*.jtd.json`
 *   spec_exclude    → specExclude (and never read)
 *   root_spec_docs  → specs, one file each
 *   external_specs  → externalSpecs [{ namespace, root }]
 *   exempt          → exempt
 *   dispositioned   → vibevmGates.dispositioned (orphans that do not fail)
 *   max_section_lines → vibevmGates.maxSectionLines (0 when the tree's engine has no such check)
 */
export function specmapConfig(text: string, root: string, where: string): FactlineConfig {
  let raw: Record<string, unknown>;
  try {
    raw = toml().parse(text) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof toml().TomlError) {
      throw new UsageError(
        `${where}:${error.line}:${error.column}: invalid TOML: ${error.message.split('\n')[0]}`,
      );
    }
    throw new UsageError(`${where}: invalid TOML: ${(error as Error).message}`);
  }
  const config = defaultConfig(root);
  config.policy = 'vibevm';
  // @implements vibevm#PROFILE-FROM-SPECMAP
  config.profile = 'vibevm';
  if (raw.namespace !== undefined) {
    if (typeof raw.namespace !== 'string' || raw.namespace === '') {
      throw new UsageError(`${where}: \`namespace\` must be a non-empty string`);
    }
    config.namespace = raw.namespace;
  } else {
    // vibevm's first config-driven engine had no `namespace` key and minted every unit under `vibevm`.
    // @implements vibevm#NAMESPACE-DEFAULT
    config.namespace = 'vibevm';
  }
  const scanRoots = strings(raw, 'scan_roots', where);
  const specRoots = strings(raw, 'spec_roots', where);
  const schemaRoots = strings(raw, 'schema_roots', where);
  const specExclude = strings(raw, 'spec_exclude', where);
  const rootDocs = strings(raw, 'root_spec_docs', where);
  config.sources = [
    ...scanRoots.map((r) => scanGlobs(r).sources),
    ...schemaRoots.map((r) => `${r}/**/*.jtd.json`),
  ];
  config.tests = scanRoots.map((r) => scanGlobs(r).tests);
  config.specs = [...specRoots.map((r) => `${r}/**/*.md`), ...rootDocs];
  config.specsRoot = specRoots[0] ?? '.';
  config.specExclude = specExclude;
  config.ignore = [...config.ignore, ...specExclude];
  config.exempt = strings(raw, 'exempt', where);
  const engine = treeEngineDir(root);
  config.vibevmGates = {
    scanRoots,
    dispositioned: dispositions(raw, where),
    maxSectionLines: sectionThreshold(raw, engine, where),
    readsXml: engine === undefined || existsSync(join(engine, 'src', 'xmlspec.rs')),
    resolveGate: hasResolveGate(root),
  };
  const external = raw.external_specs;
  if (external !== undefined) {
    if (!Array.isArray(external))
      throw new UsageError(`${where}: \`external_specs\` must be an array of tables`);
    config.externalSpecs = external.map((entry, i) => {
      const e = entry as Record<string, unknown>;
      if (typeof e?.namespace !== 'string' || typeof e.root !== 'string') {
        throw new UsageError(`${where}: external_specs[${i}] needs \`namespace\` and \`root\` strings`);
      }
      return { namespace: e.namespace, root: e.root.replace(/\/+$/, '') };
    });
  }
  config.progressScope = progressScope(root);
  return config;
}

function dispositions(raw: Record<string, unknown>, where: string): { symbol: string; debt: string }[] {
  const list = raw.dispositioned;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new UsageError(`${where}: \`dispositioned\` must be an array of tables`);
  return list.map((entry, i) => {
    const d = entry as Record<string, unknown>;
    if (typeof d?.symbol !== 'string' || typeof d.debt !== 'string')
      throw new UsageError(`${where}: dispositioned[${i}] needs \`symbol\` and \`debt\` strings`);
    return { symbol: d.symbol, debt: d.debt };
  });
}

/** vibevm's default `max_section_lines`. */
const DEFAULT_SECTION_LINES = 120;

/**
 * The long-section threshold in force: `max_section_lines` (0 turns the check
 * off; vibevm's default 120), when the specmap engine this tree builds has
 * the check at all. vibevm added it to its engine on 2026-08-04 (commit
 * 637fb92f); older trees carry an engine without it. The engine is the crate
 * the root `Cargo.toml` names as `specmap-core` (or `core-ai-native-specmap`);
 * it has the check when its `src/config.rs` declares `max_section_lines`, and
 * reads `.xml` specs when it has `src/xmlspec.rs` (2026-08-22, 30e31681). A
 * tree that names no such crate is judged by today's engine.
 */
// @implements vibevm#LONG-SECTION-BY-ENGINE
function sectionThreshold(raw: Record<string, unknown>, engine: string | undefined, where: string): number {
  const set = raw.max_section_lines;
  if (set !== undefined && (typeof set !== 'number' || !Number.isInteger(set) || set < 0))
    throw new UsageError(`${where}: \`max_section_lines\` must be a whole number (0 turns the check off)`);
  if (engine !== undefined) {
    let config = '';
    try {
      config = readFileSync(join(engine, 'src', 'config.rs'), 'utf8');
    } catch {}
    if (!config.includes('max_section_lines')) return 0;
  }
  return set ?? DEFAULT_SECTION_LINES;
}

/**
 * vibevm's resolve gate (an edge into its own namespace must land on a unit)
 * lives in the host's `cargo xtask specmap` driver, added 2026-08-20 (commit
 * 47f85aea, B-076); before, such an edge was only the map's `dangling-edge`
 * warning. A tree whose driver (`xtask/src/specmap.rs`) has no
 * `run_resolve_gate` is judged without it; a tree without that driver by
 * today's gate.
 */
// @implements vibevm#RESOLVE-GATE-BY-DRIVER
function hasResolveGate(root: string): boolean {
  try {
    return readFileSync(join(root, 'xtask', 'src', 'specmap.rs'), 'utf8').includes('run_resolve_gate');
  } catch {
    return true;
  }
}

/** The directory of the tree's own specmap engine crate, when the root Cargo.toml names it. */
function treeEngineDir(root: string): string | undefined {
  let manifest: Record<string, unknown>;
  try {
    manifest = toml().parse(readFileSync(join(root, 'Cargo.toml'), 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const workspace = (manifest.workspace as Record<string, unknown> | undefined)?.dependencies;
  for (const deps of [workspace, manifest.dependencies]) {
    if (typeof deps !== 'object' || deps === null) continue;
    for (const [name, spec] of Object.entries(deps as Record<string, unknown>)) {
      const s = spec as { package?: unknown; path?: unknown };
      const crate = typeof s?.package === 'string' ? s.package : name;
      if (crate !== 'specmap-core' && crate !== 'core-ai-native-specmap') continue;
      return typeof s.path === 'string' ? join(root, s.path) : undefined;
    }
  }
  return undefined;
}

/**
 * vibevm's progress gate judges spec markup only in the files `progress.toml`
 * observes: its `include` globs (vibevm's defaults when it names none or is
 * absent) less its `exclude` globs. The directories and file names vibevm
 * always leaves out are applied where the scope is used (checks/profiles/vibevm.ts).
 */
// @implements vibevm#PROGRESS-SCOPE
function progressScope(root: string): { include: string[]; exclude: string[] } {
  const where = join(root, 'progress.toml');
  if (!existsSync(where)) return { include: [...PROGRESS_DEFAULT_INCLUDES], exclude: [] };
  let raw: Record<string, unknown>;
  try {
    raw = toml().parse(readFileSync(where, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    const at = error instanceof toml().TomlError ? `:${error.line}:${error.column}` : '';
    throw new UsageError(`${where}${at}: invalid TOML: ${(error as Error).message.split('\n')[0]}`);
  }
  const include = strings(raw, 'include', where);
  return {
    include: include.length > 0 ? include : [...PROGRESS_DEFAULT_INCLUDES],
    exclude: strings(raw, 'exclude', where),
  };
}
