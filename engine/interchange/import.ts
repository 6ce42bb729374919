/**
 * `factline import FILE --out DIR`: ReqIF (or sphinx-needs' needs.json) in,
 * Markdown specs out. Document names are given relative to the config's
 * specs root when DIR lies under it, so that links between the imported
 * documents resolve where they are written.
 */

import { readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { NeedsJsonError, needsJsonToMarkdown } from '../../checks/interchange/needs-json.ts';
import type { ReqifWarning } from '../../checks/interchange/reqif/model.ts';
import { reqifToMarkdown } from '../../checks/interchange/reqif/to-markdown.ts';
import type { FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import { WriteError, writeFileAtomic } from '../files/atomic-write.ts';
import { readReqifInput } from './read-input.ts';

export interface ImportSummary {
  /** Absolute paths written. */
  written: string[];
  /** Per input document: its name, how many SPEC-OBJECTs (or needs) it holds, the fact each became, the specs written. */
  documents: {
    name: string;
    objects: number;
    facts: { identifier: string; id: string; doc: string }[];
    files: number;
    relations: number;
  }[];
  /** Each warning placed in its input (`file:line:col: message`). */
  warnings: string[];
}

/** `imported/` when `out` is `specs/imported` under specs root `specs`; '' outside it or at the root. */
export function docPrefixFor(config: FactlineConfig, outDir: string): string {
  const rel = relative(resolve(config.root, config.specsRoot), outDir);
  if (rel === '' || rel.startsWith('..') || resolve(rel) === rel) return '';
  return `${rel.split(sep).join('/')}/`;
}

function placed(name: string, w: ReqifWarning): string {
  return `${name}:${w.line}:${w.column}: warning ${w.message}`;
}

/** A needs.json: the file's name says so, or its first character opens a JSON object. */
function isNeedsJson(cwd: string, input: string): boolean {
  if (/\.json$/i.test(input)) return true;
  try {
    const head = readFileSync(resolve(cwd, input)).subarray(0, 64).toString('utf8');
    return /^\uFEFF?\s*\{/.test(head);
  } catch {
    return false;
  }
}

function importNeedsJson(
  cwd: string,
  input: string,
  outDir: string,
  docPrefix: string,
  version?: string,
): ImportSummary {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(resolve(cwd, input), 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(
      `cannot read ${input}: ${(error as Error).message} (a needs.json from sphinx-needs' needs builder)`,
    );
  }
  let result: ReturnType<typeof needsJsonToMarkdown>;
  try {
    result = needsJsonToMarkdown(data, {
      docPrefix,
      sourceName: basename(input),
      ...(version ? { version } : {}),
    });
  } catch (error) {
    if (error instanceof NeedsJsonError) throw new UsageError(`${input}: ${error.message}`);
    throw error;
  }
  const summary: ImportSummary = {
    written: [],
    documents: [
      {
        name: input,
        objects: result.facts.length,
        facts: result.facts.map((f) => ({ identifier: f.need, id: f.id, doc: f.doc })),
        files: result.files.length,
        relations: result.files.reduce(
          (n, f) => n + (f.content.match(/@(?:refines|derives|conflicts):/g) ?? []).length,
          0,
        ),
      },
    ],
    warnings: result.warnings.map((w) => `${input}: warning ${w}`),
  };
  for (const f of result.files) summary.written.push(writeSpec(join(outDir, f.path), f.content));
  return summary;
}

export function importInterchange(
  cwd: string,
  config: FactlineConfig,
  input: string,
  out: string,
  options: { version?: string } = {},
): ImportSummary {
  const outDir = resolve(cwd, out);
  const docPrefix = docPrefixFor(config, outDir);
  if (isNeedsJson(cwd, input)) return importNeedsJson(cwd, input, outDir, docPrefix, options.version);
  const inputs = readReqifInput(cwd, input);
  const summary: ImportSummary = { written: [], documents: [], warnings: [] };
  const pending: { path: string; content: string }[] = [];
  const paths = new Set<string>();
  for (const { name, reqif } of inputs) {
    const stem = basename(name.split('!').pop() as string).replace(/\.reqifz?$/i, '');
    // Several .reqif files in one archive get one folder each, so their documents cannot collide.
    const prefix = inputs.length > 1 ? `${stem}/` : '';
    const result = reqifToMarkdown(reqif, {
      docPrefix: `${docPrefix}${prefix}`,
      stem,
      sourceName: basename(name),
    });
    summary.documents.push({
      name,
      objects: reqif.objects.length,
      facts: result.facts.map((f) => ({ identifier: f.identifier, id: f.id, doc: f.doc })),
      files: result.files.length,
      relations: result.facts.reduce((n, f) => n + f.links.length, 0),
    });
    summary.warnings.push(...result.warnings.map((w) => placed(name, w)));
    for (const f of result.files) {
      const path = join(outDir, prefix, f.path);
      if (paths.has(path)) throw new UsageError(`${name}: two documents would both be written to ${path}`);
      paths.add(path);
      pending.push({ path, content: f.content });
    }
  }
  for (const f of pending) summary.written.push(writeSpec(f.path, f.content));
  return summary;
}

/** Writes one spec atomically; a refused or failed write is a usage error naming the path. */
function writeSpec(path: string, content: string): string {
  try {
    writeFileAtomic(path, content);
  } catch (error) {
    if (error instanceof WriteError) throw new UsageError(error.message);
    throw new UsageError(`cannot write ${path}: ${(error as Error).message}`);
  }
  return path;
}
