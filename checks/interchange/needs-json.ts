/**
 * sphinx-needs' needs.json, both ways. Out: the export model as one version
 * of the file (`current_version`, `versions` → `needs` keyed by id, each need
 * with `id`, `title`, `content`, `type`, `status`, `tags`, `docname`,
 * `sections`, link fields and their `_back` lists, and the fact's attributes
 * and evidence state as extra options, all strings). In: a needs.json's
 * current version (or a chosen one) as Markdown specs, one fact per need. Pure.
 */
import type { ExportModel } from './export-model.ts';
import { markdownToPlain } from './markdown-xhtml.ts';
import { attrValue, sanitiseId, slug } from './reqif/to-markdown.ts';
import { plainToMarkdown } from './xhtml-markdown.ts';

export interface NeedsJsonOptions {
  project: string;
  version: string;
  /** ISO 8601, the file's and the version's `created`. */
  time: string;
}

type Need = Record<string, unknown>;

/** A need id for each fact: its id where unique across the specs, else qualified by its document. */
function needIds(model: ExportModel): Map<string, string> {
  const count = new Map<string, number>();
  for (const d of model.documents) for (const f of d.facts) count.set(f.id, (count.get(f.id) ?? 0) + 1);
  const ids = new Map<string, string>();
  for (const d of model.documents)
    for (const f of d.facts)
      ids.set(f.address, count.get(f.id) === 1 ? f.id : `${d.doc.replace(/\//g, '.')}.${f.id}`);
  return ids;
}

/** The link field a kind is written to: sphinx-needs' own `links` for refines, a field of its name otherwise. */
const LINK_FIELD = { refines: 'links', derives: 'derives', conflicts: 'conflicts' } as const;

// @implements interchange#EXPORT-NEEDS-JSON
export function writeNeedsJson(model: ExportModel, options: NeedsJsonOptions): string {
  const ids = needIds(model);
  const needs: Record<string, Need> = {};
  const usedFields = new Set<string>(['links']);
  for (const d of model.documents) {
    const sectionTitle = new Map(d.sections.map((s) => [s.anchor, markdownToPlain(s.title)]));
    // Each section's chain of titles, innermost first (sphinx-needs' `sections`).
    const chain = new Map<string, string[]>();
    const open: { depth: number; title: string }[] = [];
    for (const s of d.sections) {
      while (open.length > 0 && (open[open.length - 1] as { depth: number }).depth >= s.depth) open.pop();
      open.push({ depth: s.depth, title: markdownToPlain(s.title) });
      chain.set(s.anchor, open.map((o) => o.title).reverse());
    }
    for (const f of d.facts) {
      const id = ids.get(f.address) as string;
      const content = markdownToPlain(f.text);
      const need: Need = {
        id,
        title: content.split('\n')[0]?.slice(0, 120) ?? id,
        content,
        type: 'req',
        type_name: 'Requirement',
        status: f.status,
        tags: [],
        docname: d.doc,
        section_name: f.section !== undefined ? (sectionTitle.get(f.section) ?? '') : '',
        sections: f.section !== undefined ? (chain.get(f.section) ?? []) : [],
        is_need: true,
        is_part: false,
        links: [],
        evidence: f.state,
        address: f.address,
      };
      for (const l of f.links) {
        const field = LINK_FIELD[l.kind];
        usedFields.add(field);
        const list = (need[field] as string[] | undefined) ?? [];
        list.push(ids.get(l.target) as string);
        need[field] = list;
      }
      for (const a of f.attributes) if (!(a.key in need)) need[a.key] = a.value;
      needs[id] = need;
    }
  }
  // Every need carries every link field used, and its `_back` list: who links to it.
  for (const need of Object.values(needs)) {
    for (const field of usedFields) {
      need[field] ??= [];
      need[`${field}_back`] = [];
    }
  }
  for (const need of Object.values(needs))
    for (const field of usedFields)
      for (const target of need[field] as string[])
        (needs[target]?.[`${field}_back`] as string[] | undefined)?.push(need.id as string);

  return `${JSON.stringify(
    {
      created: options.time,
      current_version: options.version,
      project: options.project,
      versions: {
        [options.version]: {
          created: options.time,
          filters: {},
          filters_amount: 0,
          needs,
          needs_amount: Object.keys(needs).length,
        },
      },
    },
    null,
    2,
  )}\n`;
}

export interface NeedsImport {
  files: { path: string; doc: string; content: string }[];
  facts: { need: string; id: string; doc: string }[];
  warnings: string[];
}

/** Thrown for a file that is not needs.json: the message names what is wrong and the fix. */
export class NeedsJsonError extends Error {}

const TEXT_FIELDS = ['content', 'description'];
const LINK_FIELDS: Record<string, 'refines' | 'derives' | 'conflicts'> = {
  links: 'refines',
  refines: 'refines',
  derives: 'derives',
  conflicts: 'conflicts',
};
const FACTLINE_STATUS = /^(idea|spec|impl|test|doc|freeze|unknown)\/(plan|work|done|hold|void)$/;

/** Fields that are sphinx-needs' own bookkeeping (or factline's derived ones), not the need's attributes. */
const NOT_ATTRIBUTES = new Set([
  'evidence',
  'address',
  'id',
  'title',
  'full_title',
  'content',
  'description',
  'docname',
  'section_name',
  'sections',
  'is_need',
  'is_part',
  'parts',
  'lineno',
  'external_url',
  'external_css',
  'is_external',
  'is_modified',
  'modifications',
  'id_complete',
  'id_parent',
  'id_prefix',
  'type_name',
  'parent_need',
  'parent_needs',
  'doctype',
  'layout',
  'style',
  'template',
  'pre_template',
  'post_template',
  'constraints',
  'constraints_passed',
  'constraints_results',
  'arch',
  'signature',
  'has_dead_links',
  'has_forbidden_dead_links',
  'sections',
  'is_import',
  'hide',
  'collapse',
  'jinja_content',
]);

// @implements interchange#IMPORT-NEEDS-JSON
export function needsJsonToMarkdown(
  data: unknown,
  options: { docPrefix: string; version?: string; sourceName: string },
): NeedsImport {
  if (typeof data !== 'object' || data === null || !('versions' in data))
    throw new NeedsJsonError(
      'not a needs.json: no "versions" object (sphinx-needs writes one with its needs builder)',
    );
  const file = data as {
    current_version?: unknown;
    versions: Record<string, { needs?: Record<string, Need> }>;
  };
  const version =
    options.version ?? (typeof file.current_version === 'string' ? file.current_version : undefined);
  if (version === undefined)
    throw new NeedsJsonError('no "current_version" string: name the version to import');
  const chosen = file.versions[version];
  if (!chosen || typeof chosen.needs !== 'object' || chosen.needs === null)
    throw new NeedsJsonError(
      `version ${JSON.stringify(version)} is not in "versions" (it has ${Object.keys(file.versions).join(', ') || 'none'})`,
    );
  const warnings: string[] = [];
  const needs = Object.entries(chosen.needs);

  const idOf = new Map<string, string>();
  const taken = new Set<string>();
  for (const [key] of needs) {
    let id = sanitiseId(key);
    for (let n = 2; taken.has(id); n++) id = `${sanitiseId(key)}-${n}`;
    taken.add(id);
    idOf.set(key, id);
  }
  const docOf = new Map<string, string>();
  for (const [key, need] of needs) {
    const docname = typeof need.docname === 'string' && need.docname !== '' ? need.docname : 'needs';
    docOf.set(key, `${options.docPrefix}${docname.split('/').map(slug).join('/')}`);
  }

  const byDoc = new Map<string, [string, Need][]>();
  for (const entry of needs) {
    const doc = docOf.get(entry[0]) as string;
    byDoc.set(doc, [...(byDoc.get(doc) ?? []), entry]);
  }
  const files: NeedsImport['files'] = [];
  for (const [doc, entries] of byDoc) {
    const local = doc.slice(options.docPrefix.length);
    const out = [
      `# ${plainToMarkdown(local)}`,
      '',
      `Imported by \`factline import\` from ${plainToMarkdown(options.sourceName)}, version ${plainToMarkdown(version)}.`,
      '',
    ];
    let section: string | undefined;
    for (const [key, need] of entries) {
      const name = typeof need.section_name === 'string' ? need.section_name : '';
      if (name !== '' && name !== section) {
        out.push(`## ${plainToMarkdown(name).replace(/[{}]/g, (c) => `\\${c}`)}`, '');
        section = name;
      }
      const id = idOf.get(key) as string;
      const tokens = [`@fact:${id}`];
      for (const [field, kind] of Object.entries(LINK_FIELDS)) {
        const targets = need[field];
        if (!Array.isArray(targets)) continue;
        for (const t of targets) {
          const target = String(t);
          if (!idOf.has(target)) {
            warnings.push(
              `need ${key}: ${field} → ${target} is no need of version ${version}; the link is left out`,
            );
            continue;
          }
          tokens.push(`@${kind}:${docOf.get(target)}#${idOf.get(target)}`);
        }
      }
      if (id !== key) tokens.push(`@attr:needs-id=${attrValue(key)}`);
      // A status factline knows (its own export writes one) is the fact's status again.
      if (typeof need.status === 'string' && FACTLINE_STATUS.test(need.status))
        tokens.push(`@status:${need.status}`);
      for (const [field, value] of Object.entries(need)) {
        if (NOT_ATTRIBUTES.has(field) || field in LINK_FIELDS || field.endsWith('_back')) continue;
        if (field === 'status' && typeof value === 'string' && FACTLINE_STATUS.test(value)) continue;
        const text = Array.isArray(value)
          ? value.map(String).join(', ')
          : value === null || typeof value === 'object'
            ? ''
            : String(value);
        if (text.trim() === '' || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(field)) continue;
        tokens.push(`@attr:${field}=${attrValue(text)}`);
      }
      const raw =
        TEXT_FIELDS.map((f) => need[f]).find((v) => typeof v === 'string' && v.trim() !== '') ?? need.title;
      let text = plainToMarkdown(typeof raw === 'string' ? raw : '');
      if (text === '') {
        text = '(no text)';
        warnings.push(`need ${key} has no content or title; its fact reads "(no text)"`);
      }
      out.push(`${tokens.join(' ')} ${text}`, '');
    }
    files.push({ path: `${local}.md`, doc, content: `${out.join('\n').trimEnd()}\n` });
  }
  return {
    files,
    facts: needs.map(([key]) => ({ need: key, id: idOf.get(key) as string, doc: docOf.get(key) as string })),
    warnings,
  };
}
