/**
 * `factline merge SHARD.json…`: the shards a build engine ran (and cached),
 * read and judged as one run — the verdict, findings and every report a
 * single `check` over the whole tree gives.
 */
import type { TraceResult } from '../../checks/model.ts';
import { judgeCarried, mergeInputs, type ShardFile, ShardMergeError } from '../../checks/shard.ts';
import { type Verdict, verdictOf } from '../../checks/verdict.ts';
import { UsageError } from '../errors.ts';
import { readInputJson } from '../files/output.ts';
import type { EngineIO } from '../io.ts';
import type { LoadedSpecs } from '../specs.ts';

export interface MergeOutcome {
  result: TraceResult;
  specs: LoadedSpecs;
  verdict: Verdict;
  /** How many shards, and the folders they judged. */
  shards: string[];
}

// @implements monorepo#MERGE-EQUALS-SINGLE-RUN
export function runMerge(io: EngineIO, files: readonly string[]): MergeOutcome {
  if (files.length === 0)
    throw new UsageError(
      'factline merge: no shard files given; pass the files `factline check --json --shard PATH` wrote',
    );
  const shards = files.map((name) => ({
    name,
    shard: readInputJson(
      io.cwd,
      name,
      'shard',
      'write it with `factline check --json --shard PATH > FILE`',
    ) as ShardFile,
  }));
  let merged: ReturnType<typeof mergeInputs>;
  try {
    merged = mergeInputs(shards);
  } catch (error) {
    if (error instanceof ShardMergeError) throw new UsageError(`factline merge: ${error.message}`);
    throw error;
  }
  const result = judgeCarried({
    set: merged.set,
    files: merged.files,
    scanned: merged.scanned,
    ...(merged.results ? { results: merged.results } : {}),
    settings: merged.settings,
    templates: merged.templates,
  });
  return {
    result,
    specs: { set: merged.set, sources: merged.specTexts },
    verdict: verdictOf(result),
    shards: shards.map((s) => s.shard.shard),
  };
}
