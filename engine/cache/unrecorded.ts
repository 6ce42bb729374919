/**
 * Work whose file reads are not inputs of the run's result: the whole-result
 * recorder (engine/cache/result-record.ts) skips what it looks at. Only
 * housekeeping that cannot change what the run prints belongs here (pruning
 * the cache home looks at other projects' paths, which a project's stored
 * result must not depend on).
 */
let depth = 0;

export function unrecorded<T>(work: () => T): T {
  depth += 1;
  try {
    return work();
  } finally {
    depth -= 1;
  }
}

/** True while unrecorded work runs. */
export function recordingPaused(): boolean {
  return depth > 0;
}
