/**
 * Watching a project for the gate (`check --watch`): one recursive watcher
 * on the project root, events filtered to the files the gate reads (specs,
 * sources, tests, results, the config), a burst of writes folded into one
 * call after a short quiet spell. Folders are watched, not files: editors
 * that save by rename replace the file's inode.
 */
import { type FSWatcher, watch } from 'node:fs';
import { relative, resolve } from 'node:path';
import { globMatcher } from '../../checks/glob-match.ts';
import type { FactlineConfig } from '../config/model.ts';
import { ALWAYS_IGNORED } from '../gate/files.ts';

/** Quiet time after the last event before the run starts: an editor's save is several events. */
export const SETTLE_MS = 60;

/** Whether a change to `path` (root-relative, `/`) can change the gate's verdict. */
export function readsPath(config: FactlineConfig): (path: string) => boolean {
  const ignored = globMatcher([...config.ignore, ...ALWAYS_IGNORED], { dot: true });
  const read = globMatcher(
    [
      ...config.specs,
      ...config.sources,
      ...config.tests,
      ...config.externalSpecs.map((e) => `${e.root.replace(/\/+$/, '')}/**/*.md`),
      `${config.generate.templates.replace(/\/+$/, '')}/**`,
    ],
    { dot: true },
  );
  const exact = new Set([...(config.file ? [config.file] : []), ...config.results]);
  return (path) => exact.has(path) || (!ignored(path) && read(path));
}

export interface TreeWatch {
  close(): void;
}

/** Calls `changed` once per burst of changes to files the gate reads under `root`. */
// @implements engine#WATCH-RERUNS-ON-CHANGE
export function watchTree(root: string, reads: (path: string) => boolean, changed: () => void): TreeWatch {
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(root, { recursive: true }, (_event, name) => {
    if (name === null) return;
    const path = relative(root, resolve(root, name.toString())).split('\\').join('/');
    if (!reads(path)) return;
    clearTimeout(timer);
    timer = setTimeout(changed, SETTLE_MS);
  });
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
