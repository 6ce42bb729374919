/**
 * ReqifDocument → factline Markdown specs: one document per SPECIFICATION,
 * one fact per SPEC-OBJECT. Identifiers become fact ids (sanitised, with the
 * original kept as `@attr:reqif-id=…` when they differ), XHTML becomes
 * Markdown, SPEC-HIERARCHY nesting becomes headings (a node with children is
 * a heading whose fact, marked `@attr:reqif-heading=yes`, stands right under
 * it), and SPEC-RELATIONs become `@refines:` (or `@derives:`, `@conflicts:`)
 * links on the source object's fact. Pure.
 */
import { plainToMarkdown, xhtmlToMarkdown } from '../xhtml-markdown.ts';
import type { ReqifDocument, ReqifNode, ReqifObject, ReqifValue, ReqifWarning } from './model.ts';

/** Attribute keys factline writes and reads back to keep what a fact id cannot carry. */
export const REQIF_ID_KEY = 'reqif-id';
export const REQIF_HEADING_KEY = 'reqif-heading';

export interface ImportOptions {
  /** Prefix of every document name (the output folder under the specs root, `imported/`), '' at the root. */
  docPrefix: string;
  /** Name used for the document of objects no specification places. */
  stem: string;
  /** What the file was, for each document's lead line. */
  sourceName: string;
}

export interface ImportedFile {
  /** Path relative to the output folder. */
  path: string;
  doc: string;
  content: string;
}

export interface ImportedFact {
  identifier: string;
  id: string;
  doc: string;
  heading: boolean;
  links: { kind: LinkKindName; target: string }[];
}

export type LinkKindName = 'refines' | 'derives' | 'conflicts';

export interface ImportResult {
  files: ImportedFile[];
  /** Every SPEC-OBJECT's fact, in the file's order. */
  facts: ImportedFact[];
  warnings: ReqifWarning[];
}

const TEXT_NAMES = ['ReqIF.Text', 'ReqIF.Description'];
const HEADING_NAMES = ['ReqIF.ChapterName', 'ReqIF.Name'];
const FOREIGN_ID = 'ReqIF.ForeignID';

// @implements interchange#IMPORT-KEEPS-IDENTIFIERS
/** A fact id from any identifier: letters, digits, `-` and `_`, a letter first, upper case (normative). */
export function sanitiseId(raw: string): string {
  let id = raw
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toUpperCase();
  if (!/^[A-Z]/.test(id)) id = `R${id.startsWith('_') || id.startsWith('-') ? '' : '-'}${id}`;
  return id === 'R-' ? 'R' : id;
}

/** A document name part: lower-kebab ASCII. */
export function slug(raw: string): string {
  const s = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s === '' ? 'specification' : s;
}

/**
 * A value written after `@attr:KEY=`: bare when it is one word, else in
 * double quotes on one line (the grammar has no escape, so a `"` inside
 * becomes `'`).
 */
export function attrValue(value: string): string {
  const one = value.replace(/\s+/g, ' ').trim();
  return /^[^\s"]+$/.test(one) ? one : `"${one.replace(/"/g, "'")}"`;
}

function linkKind(type: string | undefined): LinkKindName {
  if (type && /conflict/i.test(type)) return 'conflicts';
  if (type && /deriv/i.test(type)) return 'derives';
  return 'refines';
}

function named(values: ReqifValue[], names: string[]): ReqifValue | undefined {
  for (const n of names) {
    const v = values.find((x) => x.name === n && x.value.trim() !== '');
    if (v) return v;
  }
  return undefined;
}

function valueMarkdown(v: ReqifValue): string {
  return v.kind === 'xhtml' && v.xhtml ? xhtmlToMarkdown(v.xhtml.children) : plainToMarkdown(v.value);
}

/** The Markdown text of an object: its ReqIF.Text, else its description, any XHTML, its name, any string. */
function objectText(o: ReqifObject): string {
  const filled = o.values.filter((v) => v.value.trim() !== '');
  // A partial DOORS export names no definitions: its text attribute is then known only by its identifier (`…_OBJECTTEXT`).
  const longestXhtml = filled
    .filter((v) => v.kind === 'xhtml' && !HEADING_NAMES.includes(v.name))
    .sort((a, b) => b.value.length - a.value.length)[0];
  const chosen =
    named(o.values, TEXT_NAMES) ??
    filled.find((v) => /(^|[^a-z])(object)?text$/i.test(v.name)) ??
    longestXhtml ??
    named(o.values, HEADING_NAMES) ??
    o.values.find((v) => v.kind === 'string' && v.value.trim() !== '' && v.name !== FOREIGN_ID);
  if (chosen) return valueMarkdown(chosen);
  return o.longName ? plainToMarkdown(o.longName) : '';
}

/** The object's text as plain words, for a heading that has no name of its own. */
function plainOf(o: ReqifObject): string {
  const v =
    named(o.values, TEXT_NAMES) ?? o.values.find((x) => x.value.trim() !== '' && x.name !== FOREIGN_ID);
  return v?.value ?? '';
}

/** One line of a heading: no breaks, no trailing `#`, no `{` that would read as an anchor. */
function headingTitle(o: ReqifObject, fallback: string): string {
  const v = named(o.values, HEADING_NAMES);
  const raw = v?.value ?? o.longName ?? (fallback.trim() === '' ? o.identifier : fallback);
  const plain = raw.replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim();
  const short = plain.length > 80 ? `${plain.slice(0, 77).trimEnd()}…` : plain;
  // `{…}` would read as an anchor, a closing run of `#` as the heading's end.
  return plainToMarkdown(short)
    .replace(/[{}]/g, (c) => `\\${c}`)
    .replace(/^(\d+)\\([.)])/, '$1$2')
    .replace(/(^|\s)(#+)$/, '$1\\$2');
}

// @implements interchange#IMPORT-ONE-FACT-PER-SPEC-OBJECT
export function reqifToMarkdown(reqif: ReqifDocument, options: ImportOptions): ImportResult {
  const warnings: ReqifWarning[] = [...reqif.warnings];
  const byIdentifier = new Map(reqif.objects.map((o) => [o.identifier, o]));

  // Fact ids: the tool's own id (ReqIF.ForeignID) when it has one, else the IDENTIFIER; unique in the file.
  const idOf = new Map<string, string>();
  const taken = new Set<string>();
  for (const o of reqif.objects) {
    const foreign = o.values.find((v) => v.name === FOREIGN_ID && v.value.trim() !== '')?.value;
    let id = sanitiseId(foreign ?? o.identifier);
    if (taken.has(id)) {
      const base = id;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    }
    taken.add(id);
    idOf.set(o.identifier, id);
  }

  // Where each object goes: its first place in a specification; the rest to the document of unplaced objects.
  const docOf = new Map<string, string>();
  const headingObjects = new Set<string>();
  const usedSlugs = new Set<string>();
  const docName = (name: string) => {
    let s = slug(name);
    if (usedSlugs.has(s)) {
      const base = s;
      for (let n = 2; usedSlugs.has(s); n++) s = `${base}-${n}`;
    }
    usedSlugs.add(s);
    return s;
  };
  interface Plan {
    file: string;
    doc: string;
    title: string;
    nodes: ReqifNode[];
  }
  const plans: Plan[] = [];
  const placed = new Set<string>();
  const prune = (nodes: ReqifNode[], doc: string): ReqifNode[] =>
    nodes.flatMap((n) => {
      const children = prune(n.children, doc);
      if (placed.has(n.object)) {
        warnings.push({
          line: n.line,
          column: n.column,
          message: `SPEC-HIERARCHY places ${n.object} a second time; its fact stays where it was first placed (in ${docOf.get(n.object)}) and its children move up here`,
        });
        return children;
      }
      placed.add(n.object);
      docOf.set(n.object, doc);
      return [{ ...n, children }];
    });
  for (const spec of reqif.specifications) {
    const file = docName(spec.longName ?? spec.identifier);
    const doc = `${options.docPrefix}${file}`;
    plans.push({ file, doc, title: spec.longName ?? spec.identifier, nodes: prune(spec.children, doc) });
  }
  const unplaced = reqif.objects.filter((o) => !placed.has(o.identifier));
  if (unplaced.length > 0) {
    const file = docName(`${options.stem}-unplaced`);
    const doc = `${options.docPrefix}${file}`;
    for (const o of unplaced) docOf.set(o.identifier, doc);
    plans.push({
      file,
      doc,
      title: `${reqif.title ?? options.stem}: objects in no specification`,
      nodes: unplaced.map((o) => ({
        identifier: '',
        object: o.identifier,
        children: [],
        line: o.line,
        column: o.column,
      })),
    });
  }

  // @implements interchange#IMPORT-RELATIONS-AS-LINKS
  const linksOf = new Map<string, ImportedFact['links']>();
  for (const r of reqif.relations) {
    if (r.source === r.target) {
      warnings.push({
        line: r.line,
        column: r.column,
        message: `SPEC-RELATION ${r.identifier} links ${r.source} to itself; skipped`,
      });
      continue;
    }
    const list = linksOf.get(r.source) ?? [];
    list.push({ kind: linkKind(r.type), target: `${docOf.get(r.target)}#${idOf.get(r.target)}` });
    linksOf.set(r.source, list);
  }

  const factLine = (o: ReqifObject, heading: boolean): string => {
    const id = idOf.get(o.identifier) as string;
    const tokens = [`@fact:${id}`];
    for (const l of linksOf.get(o.identifier) ?? []) tokens.push(`@${l.kind}:${l.target}`);
    if (id !== o.identifier) tokens.push(`@attr:${REQIF_ID_KEY}=${attrValue(o.identifier)}`);
    if (heading) tokens.push(`@attr:${REQIF_HEADING_KEY}=yes`);
    let text = objectText(o);
    if (text === '') {
      text = '(no text)';
      warnings.push({
        line: o.line,
        column: o.column,
        message: `SPEC-OBJECT ${o.identifier} has no text; its fact reads "(no text)"`,
      });
    }
    return `${tokens.join(' ')} ${text}`;
  };

  const files: ImportedFile[] = [];
  for (const plan of plans) {
    const out: string[] = [`# ${plan.title.replace(/\s+/g, ' ').replace(/[{}]/g, (c) => `\\${c}`)}`, ''];
    out.push(
      `Imported by \`factline import\` from ${plainToMarkdown(options.sourceName)}${reqif.sourceTool ? ` (written by ${plainToMarkdown(reqif.sourceTool)})` : ''}.`,
      '',
    );
    // @implements interchange#IMPORT-HIERARCHY-AS-HEADINGS
    const emit = (nodes: ReqifNode[], level: number) => {
      // Once a sibling has opened a section, later siblings need headings too, or they would fall into it.
      let sectioned = false;
      for (const n of nodes) {
        const o = byIdentifier.get(n.object) as ReqifObject;
        const canHead = level <= 6;
        if ((n.children.length > 0 || sectioned) && canHead) {
          sectioned = true;
          headingObjects.add(o.identifier);
          out.push(`${'#'.repeat(level)} ${headingTitle(o, plainOf(o))}`, '');
          out.push(factLine(o, true), '');
          emit(n.children, level + 1);
        } else {
          if (n.children.length > 0)
            warnings.push({
              line: n.line,
              column: n.column,
              message: `SPEC-HIERARCHY nests deeper than Markdown's six heading levels; the children of ${o.identifier} follow it at its level`,
            });
          out.push(factLine(o, false), '');
          emit(n.children, level);
        }
      }
    };
    emit(plan.nodes, 2);
    files.push({ path: `${plan.file}.md`, doc: plan.doc, content: `${out.join('\n').trimEnd()}\n` });
  }

  const facts = reqif.objects.map((o) => ({
    identifier: o.identifier,
    id: idOf.get(o.identifier) as string,
    doc: docOf.get(o.identifier) as string,
    heading: headingObjects.has(o.identifier),
    links: linksOf.get(o.identifier) ?? [],
  }));
  return { files, facts, warnings };
}
