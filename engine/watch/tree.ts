/**
 * Watching a project for the gate (`check --watch`): one recursive watcher
 * on the project root, events filtered to the files the gate reads (specs,
 * sources, tests, results, the config), a burst of writes folded into one
 * call after a short quiet spell. Folders are watched, not files: editors
 * that save by rename replace the file's inode.
 */
import { type Dirent, existsSync, type FSWatcher, readdirSync, realpathSync, watch } from 'node:fs';
import { isAbsolute, join, posix, relative, resolve } from 'node:path';
import { globMatcher } from '../../checks/glob-match.ts';
import type { FactlineConfig } from '../config/model.ts';
import { isInside } from '../files/symlink-policy.ts';
import { ALWAYS_IGNORED } from '../gate/files.ts';
import { readPatterns, staticBase } from '../outside-the-repo.ts';

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
  const direct = (path: string) => exact.has(path) || (!ignored(path) && read(path));
  const aliases = linkAliases(config.root, ignored);
  return (path) => aliases(path).some(direct);
}

/**
 * The names the gate reads a path under: its own, and the same file under
 * each symbolic link inside the root that leads to it (`tests -> real-tests`:
 * an edit to `real-tests/a.test.ts`, which is what the watcher reports, is an
 * edit to `tests/a.test.ts`, which is what the gate reads). Links out of the
 * root are never followed by the gate (engine/files/symlink-policy.ts), so
 * they need no watching. The links are listed once per run, so a link made
 * since is known from the next run on.
 */
// @implements engine#WATCH-SEES-THROUGH-LINKS
export function linkAliases(root: string, ignored: (path: string) => boolean): (path: string) => string[] {
  const links = linksInside(root, ignored);
  if (links.length === 0) return (path) => [path];
  return (path) => {
    const out = [path];
    // A link may lead into a folder reached through another link: follow the chain a few steps.
    for (let i = 0; i < out.length && out.length < 64; i++) {
      const p = out[i]!;
      for (const { real, link } of links) {
        const alias =
          p === real ? link : p.startsWith(`${real}/`) ? `${link}${p.slice(real.length)}` : undefined;
        if (alias !== undefined && !out.includes(alias)) out.push(alias);
      }
    }
    return out;
  };
}

/** Symbolic links under `root` (not under ignored folders) whose targets lie inside it, root-relative with `/`. */
function linksInside(root: string, ignored: (path: string) => boolean): { real: string; link: string }[] {
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return [];
  }
  const out: { real: string; link: string }[] = [];
  const walk = (dir: string, rel: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (ignored(path) || ignored(`${path}/_`)) continue;
      if (entry.isSymbolicLink()) {
        try {
          const target = relative(realRoot, realpathSync(join(dir, entry.name)))
            .split('\\')
            .join('/');
          if (target !== '' && !target.startsWith('..') && !isAbsolute(target))
            out.push({ real: target, link: path });
        } catch {
          // A dangling link leads nowhere the gate reads.
        }
      } else if (entry.isDirectory()) walk(join(dir, entry.name), path);
    }
  };
  walk(root, '');
  return out;
}

export interface TreeWatch {
  close(): void;
}

/**
 * The folders outside `root` that the config's globs read (`"specs":
 * ["../shared/**\/*.md"]`): the root's watcher never hears of a change there,
 * so each is watched too.
 */
// @implements engine#WATCH-SEES-OUTSIDE-FILES
export function outsideFolders(config: FactlineConfig): string[] {
  const folders = new Set<string>();
  for (const pattern of readPatterns(config)) {
    const base = resolve(config.root, staticBase(posix.normalize(pattern)));
    if (!isInside(config.root, base) && existsSync(base)) folders.add(base);
  }
  // A folder inside another watched one is heard there.
  return [...folders].filter((f) => ![...folders].some((g) => g !== f && isInside(g, f)));
}

/** Calls `changed` once per burst of changes to files the gate reads under `root` and in the `outside` folders. */
// @implements engine#WATCH-RERUNS-ON-CHANGE
export function watchTree(
  root: string,
  reads: (path: string) => boolean,
  changed: () => void,
  outside: readonly string[] = [],
): TreeWatch {
  let timer: NodeJS.Timeout | undefined;
  const listen = (dir: string): FSWatcher =>
    watch(dir, { recursive: true }, (_event, name) => {
      if (name === null) return;
      const path = relative(root, resolve(dir, name.toString())).split('\\').join('/');
      if (!reads(path)) return;
      clearTimeout(timer);
      timer = setTimeout(changed, SETTLE_MS);
    });
  const watchers = [root, ...outside].map(listen);
  return {
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
