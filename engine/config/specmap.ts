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
