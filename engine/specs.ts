/**
 * Finds and reads the spec files a command works on, and parses them into a
 * SpecSet. The one place the reader meets the file system.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { glob } from 'tinyglobby';
import type { ReadXmlSpec } from '../checks/profiles/vibevm-xml-document.ts';
import type { SpecDocument, SpecSet } from '../reader/model.ts';
import { noteInputFiles } from './cache/result-record.ts';
import type { FactlineConfig } from './config/model.ts';
import { UsageError } from './errors.ts';
import { followWithinRoot, isInside } from './files/symlink-policy.ts';
import type { EngineIO } from './io.ts';
import type { SharedSpecs, SpecFile } from './parallel/pool.ts';
import { readSpecDocument } from './read-spec.ts';

export interface LoadedSpecs {
  set: SpecSet;
  /** Repo-relative file → its text, for commands that quote or re-read specs. */
  sources: Map<string, string>;
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** Every `.md` file beneath `dir`, sorted, skipping node_modules and .git, links followed by the one policy. */
async function markdownUnder(config: FactlineConfig, dir: string): Promise<string[]> {
  const found = await glob('**/*.md', {
    cwd: dir,
    absolute: true,
    ignore: ['**/node_modules/**', '**/.git/**'],
    followSymbolicLinks: true,
  });
  return followWithinRoot(isInside(config.root, dir) ? config.root : dir, found);
}

/**
 * `specs/mcp-core.md` → `mcp-core`. Outside the specs root a spec is named by
 * its path from the project root (`packages/a/v1/README`), and outside the
 * project root by its path from `outsideRoot` (the common folder of such
 * specs read in one run), so two files never share a name by construction;
 * the trailing parts of such a name (`README`) stay aliases while unique.
 */
// @implements reader#DOC-NAMES-UNIQUE
export function docNameOf(config: FactlineConfig, absolute: string, outsideRoot?: string): string {
  const named = config.names?.[toPosix(relative(config.root, absolute))];
  if (named !== undefined) return named;
  // An external namespace's document: named under the namespace, so it never collides with ours.
  for (const ext of config.externalSpecs) {
    const inside = relative(resolve(config.root, ext.root), absolute);
    if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) {
      return `${ext.namespace}/${toPosix(inside).replace(/\.(md|xml)$/i, '')}`;
    }
  }
  const under = (dir: string): string | undefined => {
    const path = relative(dir, absolute);
    return path !== '' && !path.startsWith('..') && !isAbsolute(path) ? path : undefined;
  };
  const name =
    under(resolve(config.root, config.specsRoot)) ??
    under(config.root) ??
    (outsideRoot === undefined ? undefined : under(outsideRoot)) ??
    basename(absolute);
  // A `.xml` spec (vibevm's dialect, read under the vibevm profile) is addressed as its Markdown twin would be.
  return toPosix(name).replace(/\.(md|xml)$/i, '');
}

/** The deepest folder holding every file of `files` (their common parent). */
function commonFolder(files: readonly string[]): string | undefined {
  if (files.length === 0) return undefined;
  let common = dirname(files[0]!);
  for (const file of files) {
    while (relative(common, file).startsWith('..') || isAbsolute(relative(common, file))) {
      const up = dirname(common);
      if (up === common) break;
      common = up;
    }
  }
  return common;
}

async function expand(
  io: EngineIO,
  config: FactlineConfig,
  paths: string[],
  /** Nothing found is no error (the vibevm profile may find `.xml` specs only). */
  mayBeEmpty = false,
): Promise<string[]> {
  if (paths.length === 0) {
    // External namespaces' spec roots are read too (to resolve their addresses), when present.
    const externals = config.externalSpecs.map((e) => `${e.root.replace(/\/+$/, '')}/**/*.md`);
    const found = await glob([...config.specs, ...externals], {
      cwd: config.root,
      ignore: config.ignore,
      absolute: true,
      followSymbolicLinks: true,
    });
    if (found.length > 0) return followWithinRoot(config.root, found).map((f) => resolve(f));
    if (mayBeEmpty) return [];
    throw new UsageError(noSpecs(config));
  }
  const files: string[] = [];
  for (const given of paths) {
    const absolute = resolve(io.cwd, given);
    let isDir: boolean;
    try {
      isDir = statSync(absolute).isDirectory();
    } catch (error) {
      throw new UsageError(`cannot read spec \`${given}\`: ${describe(error)}`);
    }
    if (!isDir) files.push(absolute);
    else {
      const inside = await markdownUnder(config, absolute);
      if (inside.length === 0) throw new UsageError(`no .md files under \`${given}\``);
      files.push(...inside);
    }
  }
  return [...new Set(files)];
}

/** Every spec file the config's globs find (absolute), without reading one: a shard picks its own and the ones it cites. */
export function listSpecFiles(io: EngineIO, config: FactlineConfig): Promise<string[]> {
  return expand(io, config, []);
}

/**
 * Refuses a folder with no config and no spec under the default globs (any
 * folder a host starts a server from, `/` included) before anything walks it.
 */
// @implements adoption#NO-CONFIG-CHECK-EXITS-AT-ONCE
export async function requireSomeSpec(config: FactlineConfig): Promise<void> {
  if (config.file !== undefined) return;
  const found = await glob(config.specs, {
    cwd: config.root,
    ignore: config.ignore,
    followSymbolicLinks: true,
  });
  if (found.length === 0) throw new UsageError(noConfigNoSpec(config));
}

/** The one line for a directory factline has never been set up in. */
export function noConfigNoSpec(config: FactlineConfig): string {
  return `no factline.config.json and no spec matches ${config.specs.join(', ')} in ${config.root}; run \`npx factline init\` to start, or name a spec file`;
}

/**
 * Nothing to read. Gating a spec the user never wrote (the bundled MCP core)
 * would bury their project under someone else's gaps, so this is a usage
 * error in one line that names the way out.
 */
// @implements adoption#NO-CONFIG-NO-SPEC
function noSpecs(config: FactlineConfig): string {
  if (config.file === undefined) return noConfigNoSpec(config);
  return `no spec matches ${config.specs.join(', ')} under ${config.root} (${config.file} \`specs\`); fix the globs, or run \`npx factline init\` for a starter spec`;
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  return (error as Error).message;
}

/**
 * Each spec's document name; two files with one name would merge their
 * facts (one citation verifying both), so that is an error naming both.
 */
// @implements reader#DOCUMENT-IDENTITY
function namedOnce(io: EngineIO, config: FactlineConfig, files: string[]): Map<string, string> {
  const byName = new Map<string, string>();
  const names = new Map<string, string>();
  const shown = (f: string) => toPosix(relative(io.cwd, f) || f);
  const outside = commonFolder(files.filter((f) => relative(config.root, f).startsWith('..')));
  for (const absolute of files) {
    const doc = docNameOf(config, absolute, outside);
    const prior = byName.get(doc);
    if (prior !== undefined) {
      throw new UsageError(
        `${shown(prior)} and ${shown(absolute)} both resolve to the document name \`${doc}\`; ` +
          'rename one of the files, or give one an explicit name in the config: ' +
          `"names": { "${toPosix(relative(config.root, absolute))}": "${doc}-2" }`,
      );
    }
    byName.set(doc, absolute);
    names.set(absolute, doc);
  }
  return names;
}

/** What turns one spec's text into its document: `parseSpec`, or a cache in front of it. */
export type SpecParser = (
  source: string,
  options: { file: string; doc: string },
) => SpecDocument | Promise<SpecDocument>;

/** `parseSpec`, imported on first use: the Markdown parser is the heaviest module a check can load. */
// @implements reader#SPECS-WITHOUT-REMARK
export const parseSpecLazily: SpecParser = readSpecDocument;

/**
 * The largest spec read whole. Parsing holds the Markdown tree of the whole
 * file (bench/adversarial.ts prints the memory per megabyte), so a spec past
 * this would end in V8 running out of memory after minutes, not in a
 * verdict; it stops at once with the fix instead.
 */
export const MAX_SPEC_BYTES = 16 * 1024 * 1024;

// @implements reader#HUGE-SPEC-STOPS-CLEARLY
export function refuseHugeSpec(absolute: string, shown: string): void {
  const size = statSync(absolute).size;
  if (size <= MAX_SPEC_BYTES) return;
  throw new UsageError(
    `spec \`${shown}\` is ${(size / 1048576).toFixed(1)} MiB, over the ${MAX_SPEC_BYTES / 1048576} MiB factline reads in one spec; split it into several spec files (one per chapter or module)`,
  );
}

/**
 * Shares reading the spec files with the scan worker (engine/parallel/pool.ts
 * `shareSpecs`); given only with the default parser (no spec cache).
 */
export type SpecSharing = (specs: SpecFile[]) => SharedSpecs;

// @implements reader#READ-LOAD-SPECS
export async function loadSpecSet(
  io: EngineIO,
  config: FactlineConfig,
  paths: string[],
  parse: SpecParser = parseSpecLazily,
  share?: SpecSharing,
): Promise<LoadedSpecs> {
  const withXml = paths.length === 0 && config.profile === 'vibevm';
  let markdown = await expand(io, config, paths, withXml);
  let xml: Required<XmlSpecRead>[] = [];
  if (withXml) {
    // One document in both forms is read in neither (vibevm's pair-collision; the gate warns of it).
    const [found, { pairedSpecs }] = await Promise.all([xmlSpecs(config), import('./gate/xml-specs.ts')]);
    const paired = pairedSpecs(
      markdown,
      found.map((x) => x.absolute),
    );
    // A root spec document named `.xml` is read in its dialect, never as Markdown.
    markdown = markdown.filter((f) => !paired.has(f) && !/\.xml$/i.test(f));
    xml = found.filter((x): x is Required<XmlSpecRead> => x.read !== undefined && !paired.has(x.absolute));
  }
  if (markdown.length === 0 && xml.length === 0) throw new UsageError(noSpecs(config));
  const files = [...markdown, ...xml.map((x) => x.absolute)];
  const docs = namedOnce(io, config, files);
  const sources = new Map<string, string>();
  const set: SpecSet = { documents: [] };
  const readOne = async (absolute: string): Promise<ReadSpec> => {
    let text: string;
    try {
      refuseHugeSpec(absolute, relative(io.cwd, absolute) || absolute);
      text = readFileSync(absolute, 'utf8');
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(
        `cannot read spec \`${relative(io.cwd, absolute) || absolute}\`: ${describe(error)}`,
      );
    }
    const file = toPosix(relative(config.root, absolute));
    return { file, text, document: await parse(text, { file, doc: docs.get(absolute)! }) };
  };
  const specFile = (absolute: string): SpecFile => ({
    absolute,
    file: toPosix(relative(config.root, absolute)),
    doc: docs.get(absolute)!,
  });
  const sharing = share !== undefined && markdown.length > 1;
  // What the worker reads, this thread's wrapped fs never sees: the specs are inputs of a stored result all the same.
  if (sharing) noteInputFiles(config.root, markdown.map(specFile));
  const read = sharing
    ? await readShared(markdown, readOne, share, specFile)
    : await readInTurn(markdown, readOne);
  for (const { file, text, document } of read) {
    sources.set(file, text);
    set.documents.push(document);
  }
  for (const { absolute, read } of xml) {
    const file = toPosix(relative(config.root, absolute));
    // Whoever re-reads the spec (the report renders it) reads the canonical Markdown factline read.
    sources.set(file, read.spec.projection.markdown);
    const { xmlSpecDocument } = await import('../checks/profiles/vibevm-xml-document.ts');
    const projected = await parse(read.spec.projection.markdown, { file, doc: docs.get(absolute)! });
    set.documents.push(xmlSpecDocument(read.spec, projected));
  }
  return { set, sources };
}

/** One Markdown spec read: its path from the root, its text, its document. */
interface ReadSpec {
  file: string;
  text: string;
  document: SpecDocument;
}

async function readInTurn(
  markdown: readonly string[],
  readOne: (absolute: string) => Promise<ReadSpec>,
): Promise<ReadSpec[]> {
  const read: ReadSpec[] = [];
  for (const absolute of markdown) read.push(await readOne(absolute));
  return read;
}

/**
 * The specs read by this thread and the scan worker together, in file order.
 * This thread claims specs until none is left or one fails; then every spec
 * neither thread read (the worker left it, or died) is read here in order, so
 * the first failure in file order is thrown as it would be without the worker.
 */
// @implements engine#SPECS-SHARED-WITH-THE-WORKER
async function readShared(
  markdown: readonly string[],
  readOne: (absolute: string) => Promise<ReadSpec>,
  share: SpecSharing,
  specFile: (absolute: string) => SpecFile,
): Promise<ReadSpec[]> {
  const shared = share(markdown.map(specFile));
  const mine: (ReadSpec | { failed: unknown } | undefined)[] = new Array(markdown.length);
  for (let k = shared.claim(); k !== undefined; k = shared.claim()) {
    try {
      mine[k] = await readOne(markdown[k]!);
    } catch (error) {
      mine[k] = { failed: error };
      break;
    }
  }
  const theirs = await shared.done();
  const read: ReadSpec[] = [];
  for (let k = 0; k < markdown.length; k++) {
    const here = mine[k];
    if (here !== undefined && 'failed' in here) throw here.failed;
    const there = theirs.get(k);
    if (here !== undefined) read.push(here);
    else if (there !== undefined && there !== 'redo')
      read.push({ file: specFile(markdown[k]!).file, text: there.text, document: there.document });
    else read.push(await readOne(markdown[k]!));
  }
  return read;
}

/**
 * Under the vibevm profile, the `.xml` spec sources vibevm's specmap reads
 * units from (engine/gate/xml-specs.ts lists them), each read in its dialect;
 * one that breaks the dialect is left out (its `xml-dialect` warning is the
 * gate's).
 */
// @implements vibevm#XML-UNITS
async function xmlSpecs(config: FactlineConfig): Promise<XmlSpecRead[]> {
  const { xmlSpecFiles, readXmlSpecOnce } = await import('./gate/xml-specs.ts');
  const out: XmlSpecRead[] = [];
  for (const { file } of await xmlSpecFiles(config)) {
    const absolute = resolve(config.root, file);
    let text: string;
    try {
      refuseHugeSpec(absolute, file);
      text = readFileSync(absolute, 'utf8');
    } catch (error) {
      if (error instanceof UsageError) throw error;
      continue;
    }
    const spec = readXmlSpecOnce(absolute, text);
    out.push({ absolute, ...('breach' in spec ? {} : { read: { text, spec } }) });
  }
  return out;
}

/** A `.xml` spec source and, when it keeps the dialect, its text read. */
interface XmlSpecRead {
  absolute: string;
  read?: { text: string; spec: ReadXmlSpec };
}
