/**
 * Real public JS/TS repositories for the benches: brought to this machine by
 * the session's `fetch` tool as bare git directories under
 * `$FACTLINE_MIRRORS` (default /work/.mirror, one `owner+name/repo` each),
 * and extracted here at bench time (`git archive`) into a temp folder, TS/JS
 * files only. Nothing third-party is committed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const MIRRORS = process.env.FACTLINE_MIRRORS ?? '/work/.mirror';

/** The repositories the real-code benches read, by GitHub name. */
export const REAL_REPOS = [
  'babel/babel',
  'prettier/prettier',
  'typescript-eslint/typescript-eslint',
  'eslint/eslint',
  'vuejs/core',
  'webpro-nl/knip',
  'excalidraw/excalidraw',
  'preactjs/preact',
  'PrismJS/prism',
  'jquery/jquery',
  'highlightjs/highlight.js',
  'reactjs/react.dev',
  'acornjs/acorn',
  'markedjs/marked',
  'tc39/test262-parser-tests',
];

/** The four projects of the speed measurement (their TS/JS sources and tests). */
export const SPEED_REPOS = [
  'eslint/eslint',
  'typescript-eslint/typescript-eslint',
  'webpro-nl/knip',
  'vuejs/core',
];

export const CODE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'];

export interface Extracted {
  repo: string;
  commit: string;
  dir: string;
}

/**
 * Extracts each repository's TS/JS files at its mirrored HEAD into
 * `into/owner+name`; repositories not mirrored are listed in `missing`.
 */
export function extractRepos(
  repos: readonly string[],
  into = mkdtempSync(join(tmpdir(), 'factline-real-')),
): { root: string; extracted: Extracted[]; missing: string[] } {
  const extracted: Extracted[] = [];
  const missing: string[] = [];
  for (const repo of repos) {
    const gitDir = join(MIRRORS, repo.replace('/', '+'), 'repo');
    if (!existsSync(gitDir)) {
      missing.push(repo);
      continue;
    }
    const dir = join(into, repo.replace('/', '+'));
    mkdirSync(dir, { recursive: true });
    const commit = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    // git archive refuses a pathspec that matches nothing: ask only for the extensions the tree has.
    const names = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', 'HEAD'], {
      encoding: 'utf8',
      maxBuffer: 1024 * 1024 * 1024,
    });
    const present = new Set(names.split('\n').map((name) => name.slice(name.lastIndexOf('.') + 1)));
    const pathspecs = EXTENSIONS.filter((ext) => present.has(ext)).map((ext) => `:(glob)**/*.${ext}`);
    const tar = execFileSync(
      'git',
      ['--git-dir', gitDir, 'archive', '--format=tar', 'HEAD', '--', ...pathspecs],
      {
        maxBuffer: 4 * 1024 * 1024 * 1024,
        // The mirrors leave out their largest blobs (fonts, videos): git names them; none is a TS/JS file.
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    execFileSync('tar', ['-x', '-C', dir], { input: tar, maxBuffer: 64 * 1024 * 1024 });
    extracted.push({ repo, commit, dir });
  }
  return { root: into, extracted, missing };
}

/** Every TS/JS file under `dir`, in a stable order. */
export function codeFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...codeFilesUnder(path));
    else if (entry.isFile() && CODE.test(entry.name)) out.push(path);
  }
  return out;
}

/**
 * Every blob of `commit` (under `path`, when given) the mirror holds, written
 * under `into`; symlinks and blobs a partial clone lacks are skipped (`git
 * archive` stops at the first absent one).
 */
export function extractCommit(repo: string, commit: string, into: string, path?: string): number {
  const list = execFileSync(
    'git',
    ['-C', repo, 'ls-tree', '-r', '-z', commit, ...(path ? ['--', path] : [])],
    {
      maxBuffer: 1 << 30,
    },
  )
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((entry) => {
      const [meta, path] = [entry.slice(0, entry.indexOf('\t')), entry.slice(entry.indexOf('\t') + 1)];
      const [mode, type, sha] = meta.split(' ');
      return { mode: mode!, type: type!, sha: sha!, path };
    })
    .filter((e) => e.type === 'blob' && e.mode !== '120000');
  const out = execFileSync('git', ['-C', repo, 'cat-file', '--batch'], {
    input: `${list.map((e) => e.sha).join('\n')}\n`,
    maxBuffer: 2 ** 31,
  });
  let at = 0;
  let written = 0;
  for (const entry of list) {
    const eol = out.indexOf(10, at);
    const header = out.subarray(at, eol).toString().split(' ');
    at = eol + 1;
    if (header[header.length - 1] === 'missing') continue;
    const size = Number(header[2]);
    const file = join(into, entry.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, out.subarray(at, at + size));
    at += size + 1;
    written++;
  }
  return written;
}
