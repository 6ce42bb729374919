/** The gate's file list: the config's source and test globs over the tree, each file marked test or source. */
import { glob } from 'tinyglobby';
import { classifyGateFiles, type GateFile } from '../../checks/gate.ts';
import { noteInputFiles } from '../cache/result-record.ts';
import type { FactlineConfig } from '../config/model.ts';
import { followWithinRoot } from '../files/symlink-policy.ts';
import { type FoundEnough, walkFiles } from '../files/walk.ts';

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

/**
 * The scanned files: one directory walk (engine/files/walk.ts) when it can
 * decide the patterns and meets no link, else the glob and the symlink policy.
 * Both give the same list; the walk skips a glob library and one realpath per file.
 */
export async function listGateFiles(
  config: FactlineConfig,
  whenFound?: FoundEnough,
  /** Only files under this root-relative folder (`check --shard`); the walk enters no other. */
  within = '',
): Promise<GateFile[]> {
  const patterns = [...config.sources, ...config.tests];
  const ignore = [...config.ignore, ...ALWAYS_IGNORED];
  const walked = walkFiles(config.root, patterns, ignore, whenFound, within);
  if (walked !== undefined) return noted(config.root, classifyGateFiles(walked, config.tests));
  const found = await glob(patterns, {
    cwd: config.root,
    ignore,
    onlyFiles: true,
    dot: false,
    followSymbolicLinks: true,
  });
  return noted(config.root, classifyGateFiles(followWithinRoot(config.root, found), config.tests));
}

/** The listed files are inputs of a stored whole result (engine/cache/result-record.ts), whichever thread reads them. */
function noted(root: string, files: GateFile[]): GateFile[] {
  noteInputFiles(root, files);
  return files;
}
