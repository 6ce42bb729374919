/**
 * Reader speed against its floor, and the fast reader held to remark.
 * Inputs: the vibevm specs of the shared corpus, and, when vibevm is mirrored
 * on this machine (bench/real-repos.ts's MIRRORS), its whole `spec/` tree at
 * several commits, extracted at bench time (nothing third-party is
 * committed). For each input set, interleaved rounds of: factline's
 * parseSpec (the fast reader, remark where it is unsure), the remark reading
 * (parseSpecWithRemark, the reference) and bare unified + remark-parse +
 * remark-gfm. Prints MB/s of each, the fast reader against bare remark (goal
 * ≥ 10x), how many files the scanner read itself (and, for each other file,
 * the first construct it does not model, where), and the differential:
 * documents and block readings compared with remark's, differences counted
 * (goal 0).
 *   node --import tsx bench/parse.ts [ROUNDS] [--corpus-only] [--time-all-commits] [--whole-tree]
 * (the whole-tree row is timed in a quarter of ROUNDS; the older commits are compared only, unless
 * --time-all-commits times them too). A row times VIBEVM-SPEC.md, the root spec doc vibevm's own
 * specmap.toml reads beside spec/. With --whole-tree, every Markdown file of vibevm's whole tree
 * at five commits is compared too (no timing), each file the scanner hands to remark named with why.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { compareBlocks } from '../reader/fast-differential.ts';
import { parseSpec, parseSpecWithRemark } from '../reader/index.ts';
import { extractCommit, MIRRORS } from './real-repos.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const corpus = resolve(process.env.FACTLINE_SHARED ?? resolve(repoRoot, '../shared'), 'corpus/vibevm');
const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 10);
const corpusOnly = args.includes('--corpus-only');
const timeAllCommits = args.includes('--time-all-commits');
const wholeTree = args.includes('--whole-tree');
/** vibevm commits whose spec/ tree the bench reads: the corpus's own, and three from the weeks before it. */
const VIBEVM_COMMITS = ['b4c2befd', '0798614f', '2467e1f8', 'dfc96274'];
/** vibevm commits whose whole tree --whole-tree compares (reports, plans, packages' vendored specs). */
const WHOLE_TREE_COMMITS = ['b4c2befd', '4c977582', '07a38e1a', '61b8bd0f', '97d0bef9'];
/** The root spec docs vibevm's specmap.toml (root_spec_docs) reads beside spec/. */
const ROOT_SPEC_DOCS = ['VIBEVM-SPEC.md'];

interface Input {
  file: string;
  text: string;
}

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md') && !['LICENSE.md', 'SOURCE.md'].includes(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const read = (files: string[]): Input[] => files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/**
 * vibevm's tree at `commit` under `path` (a folder or a file; the whole tree without one), from its
 * mirror, or undefined when it is not mirrored here.
 */
function vibevmTree(
  commit: string,
  into: string,
  path?: string,
): { root: string; inputs: Input[] } | undefined {
  const repo = join(MIRRORS, 'vibevm+vibevm', 'repo');
  if (!existsSync(repo)) return undefined;
  const dir = join(into, `${commit}-${path ?? 'all'}`);
  extractCommit(repo, commit, dir, path);
  if (path?.endsWith('.md')) return { root: dir, inputs: read([join(dir, path)]) };
  const root = path ? join(dir, path) : dir;
  return { root, inputs: read(markdownUnder(root)) };
}

const bare = unified().use(remarkParse).use(remarkGfm);
const mb = (bytes: number, ms: number) => bytes / 1048576 / (ms / 1000);

function measure(name: string, root: string, inputs: Input[], rounds: number): void {
  const bytes = inputs.reduce((n, i) => n + Buffer.byteLength(i.text), 0);
  const fast = () => {
    for (const { file, text } of inputs) parseSpec(text, { file, doc: 'bench' });
  };
  const oracle = () => {
    for (const { file, text } of inputs) parseSpecWithRemark(text, { file, doc: 'bench' });
  };
  const remark = () => {
    for (const { text } of inputs) bare.parse(text);
  };
  // Warm all three (JIT, module caches) before measuring.
  if (rounds > 0) {
    fast();
    oracle();
    remark();
  }
  const times = { fast: [] as number[], oracle: [] as number[], remark: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    for (const [key, run] of [
      ['remark', remark],
      ['fast', fast],
      ['oracle', oracle],
    ] as const) {
      const t = performance.now();
      run();
      times[key].push(performance.now() - t);
    }
  }
  // Best round of each: the machine is shared, and the best is the least disturbed.
  const best = (xs: number[]) => Math.min(...xs);
  let sure = 0;
  let blockDifferences = 0;
  let documentDifferences = 0;
  let facts = 0;
  const fallbacks: string[] = [];
  for (const { file, text } of inputs) {
    const verdict = compareBlocks(text);
    if (verdict.sure) sure++;
    else
      fallbacks.push(
        `  falls back: ${relative(root, file)} (${Buffer.byteLength(text)} bytes), ${verdict.why}`,
      );
    if (verdict.sure && !verdict.same) blockDifferences++;
    const a = parseSpec(text, { file, doc: 'bench' });
    const b = parseSpecWithRemark(text, { file, doc: 'bench' });
    facts += a.facts.length;
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      documentDifferences++;
      console.log(`  DIFFERENCE: ${file}`);
    }
  }
  console.log(
    `${name}: ${inputs.length} files, ${(bytes / 1048576).toFixed(2)} MB, ${facts} facts${rounds > 0 ? `; best of ${rounds} rounds` : ' (differential only)'}`,
  );
  if (rounds > 0) {
    const [tf, to, tr] = [best(times.fast), best(times.oracle), best(times.remark)];
    console.log(`  bare remark-parse + remark-gfm : ${tr.toFixed(1)} ms  ${mb(bytes, tr).toFixed(2)} MB/s`);
    console.log(`  parseSpecWithRemark (oracle)   : ${to.toFixed(1)} ms  ${mb(bytes, to).toFixed(2)} MB/s`);
    console.log(`  parseSpec (fast reader)        : ${tf.toFixed(1)} ms  ${mb(bytes, tf).toFixed(2)} MB/s`);
    console.log(`  fast reader vs bare remark     : ${(tr / tf).toFixed(1)}x faster (goal ≥ 10x)`);
  }
  console.log(`  read by the scanner itself     : ${sure} of ${inputs.length} files (the rest by remark)`);
  for (const line of fallbacks) console.log(line);
  const reasons = new Map<string, number>();
  for (const line of fallbacks) {
    const why = line.replace(/^.*?, (?:line \d+: )?/, '');
    reasons.set(why, (reasons.get(why) ?? 0) + 1);
  }
  for (const [why, n] of [...reasons].sort((a, b) => b[1] - a[1]))
    console.log(`  falls back for                 : ${n} × ${why}`);
  console.log(
    `  differential                   : ${documentDifferences} document and ${blockDifferences} block-reading differences (goal 0)`,
  );
}

if (existsSync(corpus)) measure('shared corpus (vibevm specs)', corpus, read(markdownUnder(corpus)), rounds);
else console.log(`note: ${corpus} absent; the corpus row is skipped`);

if (!corpusOnly) {
  const into = mkdtempSync(join(tmpdir(), 'factline-vibevm-'));
  try {
    for (const commit of VIBEVM_COMMITS) {
      const tree = vibevmTree(commit, into, 'spec');
      if (!tree) {
        console.log(`note: vibevm is not mirrored under ${MIRRORS}; the whole-tree rows are skipped`);
        break;
      }
      // The whole tree is 20 times the corpus: the newest commit is timed (fewer rounds), the older ones
      // only compared.
      measure(
        `vibevm spec/ at ${commit}`,
        tree.root,
        tree.inputs,
        commit === VIBEVM_COMMITS[0] || timeAllCommits ? Math.max(1, Math.ceil(rounds / 4)) : 0,
      );
      if (commit === VIBEVM_COMMITS[0])
        for (const doc of ROOT_SPEC_DOCS) {
          const one = vibevmTree(commit, into, doc);
          if (one) measure(`vibevm ${doc} at ${commit}`, one.root, one.inputs, rounds);
        }
    }
    if (wholeTree)
      for (const commit of WHOLE_TREE_COMMITS) {
        const tree = vibevmTree(commit, into);
        if (tree) measure(`vibevm's whole tree at ${commit}`, tree.root, tree.inputs, 0);
      }
  } finally {
    rmSync(into, { recursive: true, force: true });
  }
}
