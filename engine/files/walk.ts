/**
 * The gate's file list from one directory walk and compiled matchers: the
 * files tinyglobby would list for the same patterns (`onlyFiles`, `dot: false`,
 * links followed), after the symlink policy, without a glob library's crawler
 * and one `realpath` per file. It answers only the common case and returns
 * undefined otherwise (a pattern that leaves the root or negates, a link to
 * a folder or anything neither file, folder nor link on the way), and the
 * caller globs: with no link to a folder, every walked path is already its
 * own real path, and only the links to files (real code has a few, such as
 * a linter's fixtures) cost a realpath each.
 */
import { type Dirent, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { globMatcher } from '../../checks/glob-match.ts';
import { UsageError } from '../errors.ts';
import { isInside } from './symlink-policy.ts';

/*
 * Matching follows tinyglobby's rules exactly: a pattern not ending in `*` also matches everything
 * beneath what it names (`src` is `src/**`), a folder is skipped when no pattern can match below it
 * or an ignore pattern matches it, and the walk starts at the patterns' common static folder.
 */
const MATCH_OPTIONS = {
  dot: false,
  nobrace: false,
  nocase: false,
  noextglob: false,
  noglobstar: false,
  posix: true,
} as const;

type Test = (path: string) => boolean;

/** Whether the fast walk can decide this pattern the way the glob would. */
function walkable(pattern: string): boolean {
  if (pattern === '' || pattern.startsWith('!') || pattern.startsWith('/') || pattern.includes('\\'))
    return false;
  return !posix.normalize(pattern).split('/').includes('..');
}

/** A pattern as the glob reads it: no trailing slash, and a plain name also covers what lies beneath it. */
function normalize(pattern: string): string {
  let out = pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
  if (!out.endsWith('*')) out += '/**';
  return posix.normalize(out);
}

/** A pattern's path segments as picomatch splits them (a brace may hold a slash). */
function segments(pattern: string): string[] {
  const parts = picomatch.scan(pattern, { parts: true }).parts;
  return parts && parts.length > 0 ? parts : [pattern];
}

function isDynamic(segment: string): boolean {
  const scan = picomatch.scan(segment);
  return scan.isGlob || scan.negated;
}

// A plain name in `**/NAME/**` (no glob magic): the pattern ignores whatever has a segment NAME.
const SEGMENT_PATTERN = /^\*\*\/([^*?[\]{}()!+@|\\/]+)\/\*\*$/;

// The ignore test as the walk asks it: for each entry it meets, under a folder it entered.
// `**/NAME/**` patterns (the always-ignored folders) can then only match an entry named NAME: had a
// folder on the way matched, the walk would not have entered it. So only entries with such a name pay
// for those patterns' expressions; the rest are tested against the others alone. Undefined when the
// walk's start itself lies under such a name (every path then carries it without the walk having pruned it).
function entryIgnoreTest(
  ignore: string[],
  start: string,
): ((path: string, name: string) => boolean) | undefined {
  const names = new Set<string>();
  const others: string[] = [];
  for (const pattern of ignore) {
    const name = SEGMENT_PATTERN.exec(pattern)?.[1];
    if (name !== undefined && !isDynamic(name)) names.add(name);
    else others.push(pattern);
  }
  if (start.split('/').some((segment) => names.has(segment))) return undefined;
  const all = ignore.length > 0 ? globMatcher(ignore.map(normalize), MATCH_OPTIONS) : () => false;
  const rest = others.length > 0 ? globMatcher(others.map(normalize), MATCH_OPTIONS) : () => false;
  return (path, name) => (names.has(name) ? all(path) : rest(path));
}

/** The leading folders every pattern shares with no magic in them: where the walk starts. */
function commonFolder(patterns: string[][]): string[] {
  let common: string[] | undefined;
  for (const parts of patterns) {
    const prior: string[] = common ?? parts;
    const next: string[] = [];
    for (let i = 0; i < Math.min(prior.length, parts.length); i++) {
      const part = parts[i]!;
      if (part === '**' && parts[i + 1] === undefined) {
        next.pop();
        break;
      }
      if (i === parts.length - 1 || part !== prior[i] || isDynamic(part)) break;
      next.push(part);
    }
    common = next;
  }
  return common ?? [];
}

/**
 * Whether some pattern could match a path below the folder `dir` (relative,
 * `/`-separated): each of the folder's segments matches the pattern's
 * segment at that depth, or a `**` is reached first.
 */
function belowMatcher(patterns: string[][]): Test {
  const compiled = patterns.map((parts) =>
    parts.map((part) => ({ part, test: globMatcher(part, MATCH_OPTIONS) })),
  );
  return (dir) => {
    const names = dir.split('/');
    for (const parts of compiled) {
      let depth = 0;
      const upTo = Math.min(names.length, parts.length);
      for (; depth < upTo; depth++) {
        const { part, test } = parts[depth]!;
        if (part.includes('/')) return true;
        if (!test(names[depth]!)) break;
        if (part === '**') return true;
      }
      if (depth === names.length) return true;
    }
    return false;
  };
}

/** Whether a folder on the way from the root to the walk's start is a link (the walk would follow it unseen). */
function linkOnTheWay(root: string, start: string): boolean {
  if (start === '') return false;
  let path = root;
  for (const name of start.split('/')) {
    path = join(path, name);
    try {
      if (lstatSync(path).isSymbolicLink()) return true;
    } catch {
      return false; // absent: nothing to walk, nothing to follow
    }
  }
  return false;
}

/** Called once, mid-walk, when the walk has found `count` files (a large tree is known before the walk ends). */
export interface FoundEnough {
  count: number;
  reached(): void;
}

/**
 * The files under `root` matching `patterns` and no `ignore` pattern,
 * relative to `root`, sorted; undefined when the glob must decide.
 */
// @implements engine#WALK-SAME-FILES
export function walkFiles(
  root: string,
  patterns: string[],
  ignore: string[],
  whenFound?: FoundEnough,
  /** Only files under this root-relative folder (a shard's package): other folders are not entered. */
  within = '',
): string[] | undefined {
  if (patterns.length === 0) return [];
  if (![...patterns, ...ignore].every(walkable)) return undefined;
  const match = patterns.map(normalize);
  const matches = globMatcher(match, MATCH_OPTIONS);
  const parts = match.map(segments);
  const mayHoldMatches = belowMatcher(parts);
  const start = commonFolder(parts).join('/');
  if (linkOnTheWay(root, start)) return undefined;
  const allIgnored = ignore.length > 0 ? globMatcher(ignore.map(normalize), MATCH_OPTIONS) : () => false;
  const ignored = entryIgnoreTest(ignore, start) ?? ((path: string) => allIgnored(path));

  const inside = (path: string) => within === '' || path.startsWith(`${within}/`);
  const onTheWay = (path: string) => inside(path) || path === within || within.startsWith(`${path}/`);
  const found: string[] = [];
  const links: string[] = [];
  const pending = [start];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch (error) {
      // Gone since its parent was listed: nothing in it to cite. Unreadable (no permission, a path
      // past the OS limit) would hide its citations, so it stops the run as an unreadable spec does.
      // @implements engine#UNREADABLE-FILES-ARE-NOT-SILENT
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new UsageError(
        `cannot list ${dir || '.'}: ${(error as Error).message}; make it readable (or shorten the path), or add it to \`ignore\` in the config`,
      );
    }
    for (const entry of entries) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isFile()) {
        if (
          matches(path) &&
          !ignored(path, entry.name) &&
          inside(path) &&
          found.push(path) === whenFound?.count
        )
          whenFound.reached();
      } else if (entry.isDirectory()) {
        if (mayHoldMatches(path) && !ignored(path, entry.name) && onTheWay(path)) pending.push(path);
      } else if (entry.isSymbolicLink()) {
        // A link to a file is decided below by the symlink policy; a link to a folder the walk would
        // enter (the glob walks into it, maybe in a cycle) is left to the glob, one it would skip
        // (an ignored node_modules linked in from elsewhere) is skipped as a folder would be.
        const target = statSync(join(root, path), { throwIfNoEntry: false });
        if (target?.isDirectory()) {
          if (mayHoldMatches(path) && !ignored(path, entry.name) && onTheWay(path)) return undefined;
        } else if (target?.isFile() && matches(path) && !ignored(path, entry.name) && inside(path))
          links.push(path);
      } else {
        return undefined; // a socket, a FIFO: the glob decides
      }
    }
  }
  return links.length === 0 ? found.sort() : withFileLinks(root, found, links);
}

/**
 * The walk's files plus the links to files it met, under the one symlink
 * policy (engine/files/symlink-policy.ts): a link is listed when its real
 * file lies inside the root and is not listed under its own path already,
 * the first such link in path order when several lead to one file. With no
 * link to a folder on the way, every walked path is its own real path.
 */
// @implements engine#WALK-FOLLOWS-FILE-LINKS
function withFileLinks(root: string, found: string[], links: string[]): string[] {
  const realRoot = realpathSync.native(root);
  const listed = new Set(found);
  const followed: string[] = [];
  for (const link of links.sort()) {
    let real: string;
    try {
      real = realpathSync.native(join(root, link));
    } catch {
      continue; // gone since it was listed
    }
    if (!isInside(realRoot, real)) continue;
    const own = relative(realRoot, real).split(sep).join('/');
    if (listed.has(own)) continue;
    listed.add(own);
    followed.push(link);
  }
  return [...found, ...followed].sort();
}
