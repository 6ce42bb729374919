/**
 * `check --shard PATH`: the gate's reading for one package folder of a
 * monorepo — its files listed and scanned, its specs parsed, its results
 * read — carried for `factline merge`, with the package's own view judged
 * against its specs and the specs its citations name in other packages.
 */
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { type GateFile, readAndScan } from '../../checks/gate.ts';
import { canonicalDocPath } from '../../checks/resolve.ts';
import { FileScanner } from '../../checks/scan/dispatch.ts';
import type { ScanWarning } from '../../checks/scan/typescript.ts';
import {
  carryOutcomes,
  judgeCarried,
  ownPart,
  SHARD_FORMAT,
  type ShardFile,
  type ShardSettings,
} from '../../checks/shard.ts';
import type { ScannedFile } from '../../checks/trace.ts';
import { readHeader } from '../../generator/render/header.ts';
import type { FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import { readGateFile } from '../files/read.ts';
import { listGateFiles } from '../gate/files.ts';
import { readResults } from '../gate/results.ts';
import { addressingOf, attributesOf, generatedSetupOf, policyOf, searchedOf } from '../gate/setup.ts';
import type { EngineIO } from '../io.ts';
import { docNameOf, listSpecFiles, loadSpecSet } from '../specs.ts';
import { factlineVersion } from '../version.ts';

export interface ShardRequest {
  config: FactlineConfig;
  /** The package folder, as given (relative to the caller's cwd). */
  path: string;
  onScanWarning?: ScanWarning;
}

const posix = (path: string) => (sep === '/' ? path : path.split(sep).join('/'));

/** The folder root-relative (`''` for the root itself); a usage error when it is no folder inside the root. */
function shardFolder(io: EngineIO, config: FactlineConfig, given: string): string {
  const absolute = resolve(io.cwd, given);
  const inside = relative(config.root, absolute);
  if (inside.startsWith('..') || isAbsolute(inside))
    throw new UsageError(
      `--shard ${given}: ${absolute} lies outside the project root ${config.root}; give a package folder inside it`,
    );
  let folder = false;
  try {
    folder = statSync(absolute).isDirectory();
  } catch {}
  if (!folder)
    throw new UsageError(`--shard ${given}: no such folder; give the package's folder (e.g. packages/NAME)`);
  return posix(inside);
}

const underFolder = (folder: string) => (file: string) =>
  folder === '' || file === folder || file.startsWith(`${folder}/`);

/** The judging settings a single run takes from this config (engine/gate/run.ts). */
export function shardSettings(config: FactlineConfig): ShardSettings {
  return {
    strict: config.strict,
    policy: policyOf(config),
    addressing: addressingOf(config),
    ...attributesOf(config),
    searched: searchedOf(config),
    ...(config.static?.unconfirmed === 'warning' ? { staticUnconfirmed: 'warning' as const } : {}),
    rules: config.rules as Record<string, unknown>,
    results: [...config.results],
    generatedOut: generatedSetupOf(config).out,
  };
}

/** Whether a citation's document part names this document (its name, a trailing part of it, or its short id). */
function names(doc: string, cited: string): boolean {
  return doc === cited || doc.endsWith(`/${cited}`) || canonicalDocPath(doc) === cited;
}

// @implements monorepo#SHARD-CARRIES-ITS-PACKAGE
// @implements monorepo#SHARD-RESOLVES-CROSS-PACKAGE-CITATIONS
// @implements monorepo#ENGINES-CACHE-NEVER-CHANGES-A-VERDICT
// @implements monorepo#SHARD-OWN-RESULTS
export async function runShard(io: EngineIO, request: ShardRequest): Promise<ShardFile> {
  const { config } = request;
  const folder = shardFolder(io, config, request.path);
  const inShard = underFolder(folder);
  // The walk enters only the package's folder: a shard costs its package, not the tree.
  const listed: GateFile[] = (await listGateFiles(config, undefined, folder)).filter((f) => inShard(f.file));
  const scanned = await scanAll(config, listed, request.onScanWarning);
  const specFiles = (await listSpecFiles(io, config)).map((absolute) => ({
    absolute,
    file: posix(relative(config.root, absolute)),
    doc: docNameOf(config, absolute),
  }));
  const own = specFiles.filter((s) => inShard(s.file));
  const citedDocs = new Set(scanned.flatMap((f) => f.citations.flatMap((c) => (c.doc ? [c.doc] : []))));
  const cited = specFiles.filter((s) => !inShard(s.file) && [...citedDocs].some((d) => names(s.doc, d)));
  const wanted = [...own, ...cited].map((s) => s.absolute);
  const loaded =
    wanted.length > 0
      ? await loadSpecSet(io, config, wanted)
      : { set: { documents: [] }, sources: new Map() };
  const ownFiles = new Set(own.map((s) => s.file));
  const resultFiles = config.results.filter((r) =>
    inShard(posix(isAbsolute(r) ? relative(config.root, r) : r)),
  );
  const results = await readResults(config, resultFiles);
  const settings = shardSettings(config);
  const templates = generatedTemplates(config, listed, settings.generatedOut);
  // The carry as the merge will read it: JSON, before the local trace looks at the same objects.
  const carry = JSON.parse(
    JSON.stringify({
      documents: loaded.set.documents.filter((d) => ownFiles.has(d.file)),
      specTexts: Object.fromEntries([...loaded.sources].filter(([file]) => ownFiles.has(file))),
      files: listed,
      scanned,
      ...(results ? { outcomes: carryOutcomes(results) } : {}),
      templates: Object.fromEntries(templates),
    }),
  ) as ShardFile['carry'];
  const local = judgeCarried({
    set: loaded.set,
    files: listed,
    scanned,
    ...(results ? { results } : {}),
    settings,
    templates,
  });
  const ownDocs = new Set(loaded.set.documents.filter((d) => ownFiles.has(d.file)).map((d) => d.doc));
  return {
    format: SHARD_FORMAT,
    factline: factlineVersion(),
    shard: folder === '' ? '.' : folder,
    ...(config.file !== undefined ? { config: config.file } : {}),
    settings,
    inputs: {
      specs: own.map((s) => s.file),
      files: listed.map((f) => f.file),
      results: resultFiles,
      cited: cited.map((s) => s.file),
    },
    result: ownPart(local, ownDocs, new Set(cited.map((s) => s.file))),
    carry,
  };
}

/** Each listed file's citations, as the single run's scan gives them (files without one left out). */
async function scanAll(
  config: FactlineConfig,
  listed: GateFile[],
  warn?: ScanWarning,
): Promise<ScannedFile[]> {
  const scanner = new FileScanner(warn ? { warn } : {});
  const read = (file: string) => readGateFile(config.root, file);
  const scanned: ScannedFile[] = [];
  for (const { file, inTest } of listed) {
    const outcome = await readAndScan(read, scanner, file);
    if (outcome instanceof Error) throw outcome;
    if (outcome !== undefined && outcome.length > 0) scanned.push({ file, inTest, citations: outcome });
  }
  return scanned;
}

/** Generated files among the listed → the template their header names (a stale citation there says where to fix it). */
function generatedTemplates(config: FactlineConfig, listed: GateFile[], out: string): Map<string, string> {
  const templates = new Map<string, string>();
  const generated = underFolder(out.replace(/\/+$/, ''));
  for (const { file } of listed) {
    if (out === '' || !generated(file)) continue;
    const template = readHeader(readGateFile(config.root, file) ?? '')?.template;
    if (template !== undefined) templates.set(file, template);
  }
  return templates;
}
