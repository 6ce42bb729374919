/**
 * Glob matchers that answer as picomatch's do, minus its per-call wrapper
 * (result object, format step, option lookups), which at tens of thousands of
 * paths cost more than the regular expressions it runs. Each pattern is
 * compiled once with picomatch's `makeRe` and paths are tested directly, with
 * picomatch's two shortcuts: an empty path matches nothing, and a path equal
 * to the pattern matches it.
 */
import picomatch from 'picomatch';

/** picomatch's options this module supports: the ones that change only the compiled expression. */
export interface GlobOptions {
  dot?: boolean;
  nocase?: boolean;
  nobrace?: boolean;
  noextglob?: boolean;
  noglobstar?: boolean;
  posix?: boolean;
}

export type PathTest = (path: string) => boolean;

/** Whether `path` matches any of `patterns`, exactly as `picomatch(patterns, options)(path)` would say. */
// @implements engine#GLOBS-AS-EXPRESSIONS
export function globMatcher(patterns: string | readonly string[], options: GlobOptions = {}): PathTest {
  const list = typeof patterns === 'string' ? [patterns] : [...patterns];
  const compiled = list.map((pattern) => ({ pattern, re: picomatch.makeRe(pattern, options) }));
  if (compiled.length === 1) {
    const { pattern, re } = compiled[0]!;
    return (path) => path !== '' && (path === pattern || re.test(path));
  }
  return (path) => {
    if (path === '') return false;
    for (const { pattern, re } of compiled) if (path === pattern || re.test(path)) return true;
    return false;
  };
}
