/** `gen --watch`: calls back whenever a generating spec or a template changes, until stopped. */
import { watch } from 'node:fs';
import { resolve } from 'node:path';
import { type FactlineConfig, generatingSpecs } from '../config/model.ts';

/** How long after the last change a run starts: an editor's save is several events. */
const SETTLE_MS = 150;

// @implements generator#GEN-WATCH-REGENERATES
export function watchGenerationInputs(config: FactlineConfig, changed: () => void): { stop(): void } {
  const specsAbs = new Set(generatingSpecs(config).map((spec) => resolve(config.root, spec)));
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(changed, SETTLE_MS);
  };
  // Watch directories, not files: editors that save by rename replace the watched inode.
  const watchers = [
    ...[...new Set([...specsAbs].map((spec) => resolve(spec, '..')))].map((specDir) =>
      watch(specDir, (_event, name) => {
        if (name === null || specsAbs.has(resolve(specDir, name.toString()))) schedule();
      }),
    ),
    watch(resolve(config.root, config.generate.templates), { recursive: true }, schedule),
  ];
  return {
    stop() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
