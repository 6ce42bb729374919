/**
 * Reads what the generation planner needs from disk: the generating specs,
 * the templates and what is in generated/ now. Shared by `gen`, the gate's
 * drift findings and the generation benchmark.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { GenerationInput } from '../generator/render/index.ts';
import { readTree } from '../generator/write.ts';
import { parseSpec } from '../reader/index.ts';
import type { FactlineConfig } from './config.ts';
import { UsageError } from './io.ts';
import { docNameOf } from './load-specs.ts';

const posix = (p: string) => p.split(sep).join('/');

/** Everything the planner needs, read from disk; unreadable inputs are usage errors (exit 2). */
export function loadGenerationInput(config: FactlineConfig): GenerationInput {
  const { specs: specPaths, templates: templatesDir, out: outDir } = config.generate;
  const specs = specPaths.map((specPath) => {
    const specFile = posix(specPath);
    let source: string;
    try {
      source = readFileSync(resolve(config.root, specFile), 'utf8');
    } catch (error) {
      throw new UsageError(
        `cannot read the spec ${specFile}: ${(error as Error).message} (set "generate.specs" in factline.config.json)`,
      );
    }
    return parseSpec(source, { file: specFile, doc: docNameOf(config, resolve(config.root, specFile)) });
  });
  const templatesAbs = resolve(config.root, templatesDir);
  if (!existsSync(templatesAbs) || !statSync(templatesAbs).isDirectory()) {
    // Refusing here matters: with no templates every generated file would look orphaned and be deleted.
    throw new UsageError(
      `templates directory ${templatesDir} does not exist (set "generate.templates" in factline.config.json)`,
    );
  }
  return {
    spec: specs[0]!,
    specs,
    templatesDir: posix(templatesDir),
    outDir: posix(outDir),
    templates: readTree(config.root, templatesDir, (p) => p.endsWith('.hbs')),
    existing: readTree(config.root, outDir),
  };
}
