/**
 * `factline import FILE --out DIR`: ReqIF (or sphinx-needs' needs.json) in,
 * Markdown specs out. Document names are given relative to the config's
 * specs root when DIR lies under it, so that links between the imported
 * documents resolve where they are written.
 */
import { basename, join, relative, resolve, sep } from 'node:path';
import type { ReqifWarning } from '../../checks/interchange/reqif/model.ts';
import { type ImportResult, reqifToMarkdown } from '../../checks/interchange/reqif/to-markdown.ts';
import type { FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import { WriteError, writeFileAtomic } from '../files/atomic-write.ts';
import { readReqifInput } from './read-input.ts';

export interface ImportSummary {
  /** Absolute paths written. */
  written: string[];
  /** Per input document: its name, how many SPEC-OBJECTs became facts, the result. */
  documents: { name: string; objects: number; result: ImportResult }[];
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

export function importInterchange(
  cwd: string,
  config: FactlineConfig,
  input: string,
  out: string,
): ImportSummary {
  const outDir = resolve(cwd, out);
  const docPrefix = docPrefixFor(config, outDir);
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
    summary.documents.push({ name, objects: reqif.objects.length, result });
    summary.warnings.push(...result.warnings.map((w) => placed(name, w)));
    for (const f of result.files) {
      const path = join(outDir, prefix, f.path);
      if (paths.has(path)) throw new UsageError(`${name}: two documents would both be written to ${path}`);
      paths.add(path);
      pending.push({ path, content: f.content });
    }
  }
  for (const f of pending) {
    try {
      writeFileAtomic(f.path, f.content);
    } catch (error) {
      if (error instanceof WriteError) throw new UsageError(error.message);
      throw new UsageError(`cannot write ${f.path}: ${(error as Error).message}`);
    }
    summary.written.push(f.path);
  }
  return summary;
}
