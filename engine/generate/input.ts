/**
 * Reads what the generation planner needs from disk: the generating specs,
 * the templates and what is in generated/ now. Shared by `gen`, the gate's
 * drift findings and the generation benchmark.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { type GenerationInput, isCodeTemplate } from '../../generator/render/index.ts';
import { parseSpec, type SpecDocument } from '../../reader/index.ts';
// gen reads its specs synchronously: the Markdown parser comes with it, for any spec the fast reader leaves to it.
import '../../reader/markdown.ts';
import { compileDeclaredTypes } from '../config/declared-types.ts';
import { type FactlineConfig, generatingSpecs } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import { readTree } from '../files/tree.ts';
import { docNameOf, noConfigNoSpec, refuseHugeSpec } from '../specs.ts';

const posix = (p: string) => p.split(sep).join('/');

/** Everything the planner needs, read from disk; unreadable inputs are usage errors (exit 2). */
export function loadGenerationInput(config: FactlineConfig): GenerationInput {
  const { templates: templatesDir, out: outDir } = config.generate;
  const specFiles = [...new Set(generatingSpecs(config).map(posix))];
  const [spec, ...moreSpecs] = specFiles.map((file) => readSpec(config, file));
  const templatesAbs = resolve(config.root, templatesDir);
  if (!existsSync(templatesAbs) || !statSync(templatesAbs).isDirectory()) {
    // Refusing here matters: with no templates every generated file would look orphaned and be deleted.
    throw new UsageError(
      `templates directory ${templatesDir} does not exist (set "generate.templates" in factline.config.json)`,
    );
  }
  const input: GenerationInput = {
    spec: spec!.document,
    specSources: Object.fromEntries([spec!, ...moreSpecs].map((s) => [s.document.file, s.source])),
    templatesDir: posix(templatesDir),
    outDir: posix(outDir),
    templates: lfTree(readTree(config.root, templatesDir, (p) => p.endsWith('.hbs') || isCodeTemplate(p))),
    existing: lfTree(readTree(config.root, outDir)),
  };
  if (moreSpecs.length > 0) input.moreSpecs = moreSpecs.map((s) => s.document);
  if (config.namespace !== undefined) input.namespace = config.namespace;
  const declared = compileDeclaredTypes(config.generate.valueTypes);
  if (declared.problems.length > 0) {
    throw new UsageError(`${config.file ?? 'factline.config.json'}: ${declared.problems.join('; ')}`);
  }
  if (declared.types.length > 0) input.valueTypes = declared.types;
  return input;
}

/**
 * Files as a Linux checkout holds them: a CRLF checkout (git's autocrlf) must
 * give the same verdict, so generated files and templates compare without
 * their carriage returns.
 */
// @implements reader#CRLF-GIVES-THE-LF-VERDICT
function lfTree<T extends { text: string }>(files: T[]): T[] {
  return files.map((f) => (f.text.includes('\r\n') ? { ...f, text: f.text.replace(/\r\n/g, '\n') } : f));
}

function readSpec(config: FactlineConfig, specFile: string): { document: SpecDocument; source: string } {
  let source: string;
  try {
    if (existsSync(resolve(config.root, specFile))) refuseHugeSpec(resolve(config.root, specFile), specFile);
    source = readFileSync(resolve(config.root, specFile), 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // No config in a fresh project: the way out is init, not a key of a file that is not there.
    if (config.file === undefined) throw new UsageError(noConfigNoSpec(config));
    throw new UsageError(
      `cannot read the spec ${specFile}: ${(error as Error).message} (set "generate.spec" / "generate.specs" in factline.config.json)`,
    );
  }
  return {
    document: parseSpec(source, { file: specFile, doc: docNameOf(config, resolve(config.root, specFile)) }),
    source,
  };
}
