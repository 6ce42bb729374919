/**
 * The glob matchers the gate lists and classifies files with must answer as
 * picomatch's matcher does, for every pattern shape a config uses, on the
 * paths of this repository and on made-up paths with dots, braces and cases.
 */
import { relative } from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { globMatcher } from '../../../checks/glob-match.ts';
import { filesUnder } from '../../support/files-under.ts';

const REPO = new URL('../../..', import.meta.url).pathname;

const PATTERNS = [
  'src/**/*.ts',
  '**/*.ts',
  'test/**/*.test.ts',
  '{cli,checks}/**/*.ts',
  'specs/*.md',
  'generated',
  'generated/**',
  '**/node_modules/**',
  '**/.git/**',
  'a/*/c/**/*.{ts,tsx}',
  '**/*.@(ts|js)',
  '!(test)/**/*.ts',
  'docs/**/[a-c]*.md',
  'README.md',
  '.ci/run',
];

const MADE_UP = [
  '',
  'README.md',
  'readme.md',
  '.ci/run',
  'src/a.ts',
  'src/.hidden/a.ts',
  'src/a/.b.ts',
  '.src/a.ts',
  'a/b/c/d/e.tsx',
  'a/b/c/e.ts',
  'a/b/x/e.ts',
  'x/node_modules/y/z.js',
  'node_modules/y.js',
  'generated',
  'generated/index.ts',
  'docs/guide/apple.md',
  'docs/guide/delta.md',
  'test/x.test.ts',
  'test/deep/er/x.test.ts',
  'test/x.spec.ts',
  'specs/mcp-core.md',
  'specs/sub/mcp-core.md',
  'a.ts/b',
  'src/**/*.ts',
];

const OPTION_SETS = [
  { dot: false },
  { dot: true },
  { dot: false, posix: true },
  { nocase: true },
  { nobrace: true },
];

describe('globMatcher', () => {
  // @verifies engine#GLOBS-AS-EXPRESSIONS
  it('says what picomatch says for every pattern, option set and path, alone and as a list', () => {
    const repoPaths = filesUnder(REPO, () => true).map((p) => relative(REPO, p));
    expect(repoPaths.length).toBeGreaterThan(300);
    const paths = [...MADE_UP, ...repoPaths];
    let matched = 0;
    for (const options of OPTION_SETS) {
      for (const pattern of PATTERNS) {
        const ours = globMatcher(pattern, options);
        const theirs = picomatch(pattern, options);
        const differ = paths.filter((p) => ours(p) !== Boolean(theirs(p)));
        expect({ pattern, options, differ }).toEqual({ pattern, options, differ: [] });
        matched += paths.filter(ours).length;
      }
      const ours = globMatcher(PATTERNS, options);
      const theirs = picomatch(PATTERNS, options);
      expect(paths.filter((p) => ours(p) !== Boolean(theirs(p)))).toEqual([]);
    }
    // The comparison means something only if both sides say yes often.
    expect(matched).toBeGreaterThan(1000);
  });

  it('matches nothing with no patterns, as picomatch does', () => {
    expect(globMatcher([])('src/a.ts')).toBe(false);
    expect(picomatch([])('src/a.ts')).toBe(false);
  });
});
