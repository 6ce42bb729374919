/**
 * `factline scaffold`'s engine side: which due facts no test verifies (from
 * the gate's trace), which runner the project uses (from its manifests), and
 * writing each stub file only where no file is (the check and the write are
 * one step: `wx`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TraceResult } from '../checks/model.ts';
import { RUNNERS, type Runner, type StubFact, scaffoldStubs } from '../generator/render/scaffold.ts';

export { RUNNERS, type Runner };

import { missingVerification } from '../checks/rules/missing-verification.ts';
import { summary } from '../generator/render/values.ts';
import { UsageError } from './errors.ts';
import { detectRunners } from './init/detect.ts';

/**
 * The runner a project uses, by the detector `init` uses: the first runner
 * it finds that stubs can be written for; node's own when none.
 */
// @implements adoption#ONE-RUNNER-DETECTOR
export function detectRunner(root: string): Runner {
  const stubbable = (r: string): r is Runner => (RUNNERS as readonly string[]).includes(r);
  return (
    detectRunners(root)
      .map((d) => d.runner)
      .find(stubbable) ?? 'node'
  );
}

/** Due facts that lack a verifying citation, as stubs need them. */
export function unverifiedFacts(result: TraceResult): StubFact[] {
  return result.facts
    .filter((f) => f.gaps.includes(missingVerification.id))
    .map((f) => ({ address: f.address, doc: f.doc, id: f.id, file: f.file, summary: summary(f.text) }));
}

export interface ScaffoldOutcome {
  path: string;
  facts: string[];
  written: boolean;
}

/** Writes each spec's stub file unless a file is already there. */
// @implements generator#SCAFFOLD-STUBS-STAY-RED
export function writeStubs(root: string, facts: readonly StubFact[], runner: Runner): ScaffoldOutcome[] {
  return scaffoldStubs(facts, runner).map((stub) => {
    const path = join(root, stub.path);
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, stub.text, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new UsageError(`cannot write ${stub.path}: ${(error as Error).message}`);
      }
      return { path: stub.path, facts: stub.facts, written: false };
    }
    return { path: stub.path, facts: stub.facts, written: true };
  });
}
