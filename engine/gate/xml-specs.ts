import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { glob } from 'tinyglobby';
import type { Finding } from '../../checks/model.ts';
import { MAX_SECTION_LINES } from '../../checks/profiles/vibevm.ts';
import { breachFinding } from '../../checks/profiles/vibevm-xml.ts';
import { type ReadXmlSpec, xmlSpecOfTree, xmlSpecTree } from '../../checks/profiles/vibevm-xml-document.ts';
import type { Breach } from '../../checks/profiles/vibevm-xml-read.ts';
import { longSection } from '../../checks/rules/long-section.ts';
import { pairCollision } from '../../checks/rules/pair-collision.ts';
import type { FactlineConfig } from '../config/model.ts';

/** A `.xml` spec source vibevm's specmap reads, and how. */
export interface XmlSpecFile {
  /** Repo-relative, `/`-separated. */
  file: string;
  /** Under a spec root of this project (not a root document, not an external namespace's tree). */
  measured: boolean;
  /** In an external namespace's tree: read to resolve addresses, its warnings are that package's business. */
  external: boolean;
}

const rootsOf = (config: FactlineConfig) =>
  config.specs.filter((g) => g.endsWith('/**/*.md')).map((g) => g.slice(0, -'/**/*.md'.length));

/**
 * Under the vibevm profile, the `.xml` spec sources vibevm's specmap reads:
 * every `.xml` under a spec root and a root spec document named `.xml`, less
 * the spec exclusions, and every `.xml` under an external namespace's root.
 */
// @implements vibevm#XML-DIALECT
export async function xmlSpecFiles(config: FactlineConfig): Promise<XmlSpecFile[]> {
  // An engine from before vibevm read XML (no src/xmlspec.rs) reads no .xml spec.
  if (config.profile !== 'vibevm' || config.vibevmGates?.readsXml === false) return [];
  const roots = rootsOf(config).map((r) => `${r}/**/*.xml`);
  const rootDocs = config.specs.filter((g) => g.endsWith('.xml'));
  const own = await glob([...roots, ...rootDocs], {
    cwd: config.root,
    onlyFiles: true,
    dot: false,
    ignore: config.specExclude,
  });
  const externals = config.externalSpecs.map((e) => `${e.root}/**/*.xml`);
  const theirs = externals.length === 0 ? [] : await glob(externals, { cwd: config.root, onlyFiles: true });
  const docs = new Set(rootDocs);
  return [
    ...own.sort().map((file) => ({ file, measured: !docs.has(file), external: false })),
    ...theirs.sort().map((file) => ({ file, measured: false, external: true })),
  ];
}

/** Each `.xml` spec's tree as last read, with the text it was read from. */
const trees = new Map<string, { text: string; tree: ReturnType<typeof xmlSpecTree> }>();

/**
 * readXmlSpec of a `.xml` spec at `absolute`, its tree read once for a given
 * text: the spec loading (engine/specs.ts) and the gate's warnings here both
 * read every such file, and the tree is most of the cost.
 */
// @implements vibevm#XML-READ-ONCE
export function readXmlSpecOnce(
  absolute: string,
  text: string,
  longSectionAt = 0,
): ReadXmlSpec | { breach: Breach } {
  let read = trees.get(absolute);
  if (read === undefined || read.text !== text) {
    read = { text, tree: xmlSpecTree(text) };
    trees.set(absolute, read);
  }
  return 'breach' in read.tree ? read.tree : xmlSpecOfTree(read.tree, longSectionAt);
}

/** A spec document's path without its form's extension: `X.md` and `X.xml` in one folder share it. */
const stemOf = (path: string) => path.replace(/\.(md|xml)$/i, '');

/**
 * The spec files that stand in a pair, one document in both forms (`X.md` and
 * `X.xml` in one folder): vibevm's specmap reads neither half.
 */
// @implements vibevm#XML-PAIR-COLLISION
export function pairedSpecs(markdown: readonly string[], xml: readonly string[]): Set<string> {
  const md = new Map(markdown.map((f) => [stemOf(f), f]));
  const out = new Set<string>();
  for (const f of xml) {
    const twin = md.get(stemOf(f));
    if (twin === undefined) continue;
    out.add(twin);
    out.add(f);
  }
  return out;
}

function readText(config: FactlineConfig, file: string): string | undefined {
  try {
    return readFileSync(resolve(config.root, file), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The warnings vibevm's specmap raises on this project's `.xml` spec sources:
 * `xml-dialect` where it drops a document, `long-section` over a read one's
 * own lines (the Markdown checks measure the Markdown specs).
 */
// @implements vibevm#XML-DIALECT
// @implements vibevm#XML-LONG-SECTION
export async function xmlSpecFindings(config: FactlineConfig): Promise<Finding[]> {
  const out: Finding[] = [];
  const files = await xmlSpecFiles(config);
  const own = files.filter((x) => !x.external).map((x) => x.file);
  const markdown =
    own.length === 0
      ? []
      : (await glob(config.specs, { cwd: config.root, ignore: config.ignore })).filter((f) =>
          f.endsWith('.md'),
        );
  const paired = pairedSpecs(markdown, own);
  for (const md of markdown.filter((f) => paired.has(f)).sort()) {
    const xml = `${stemOf(md)}.xml`;
    out.push({
      rule: pairCollision.id,
      severity: pairCollision.meta.severity,
      file: md,
      line: 1,
      column: 1,
      message: `\`${md}\` and \`${xml}\` are one logical document in two forms — one document, one form; neither is read`,
      fix: pairCollision.meta.fix,
    });
  }
  for (const { file, measured, external } of files) {
    if (external || paired.has(file)) continue;
    const text = readText(config, file);
    if (text === undefined) continue;
    // The threshold the tree's engine uses (0: its engine has no section check).
    const threshold = config.vibevmGates?.maxSectionLines ?? MAX_SECTION_LINES;
    const read = readXmlSpecOnce(resolve(config.root, file), text, measured ? threshold : 0);
    if ('breach' in read) {
      out.push(breachFinding(file, read.breach));
      continue;
    }
    for (const w of read.warnings) {
      if (w.code !== longSection.id) continue;
      out.push({
        rule: longSection.id,
        severity: longSection.meta.severity,
        file,
        line: w.line,
        column: 1,
        message: w.message,
        fix: longSection.meta.fix,
      });
    }
  }
  return out;
}
