/**
 * JSON Type Definition schemas (`*.jtd.json`) cite through their own
 * `metadata.spec` block, a verb → address map (vibevm PROP-014 §2.3: the
 * generator input is the taggable unit, not the generated code). The units
 * are the schema root (symbol: the file stem) and each `definitions` entry
 * (`stem::Name`); a citation stands on the line its unit opens.
 */
import { parseAddress, type RawCitation } from './refs.ts';
import { lineIndex, placed, type ScannedCitation } from './types.ts';

const VERBS = new Set(['implements', 'verifies', 'deviates']);

export function isJtdFile(file: string): boolean {
  return file.toLowerCase().endsWith('.jtd.json');
}

function stemOf(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  return name.slice(0, -'.jtd.json'.length);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Offset of a definition's key inside the `definitions` object, else the file start. */
function definitionOffset(text: string, name: string): number {
  const defs = text.indexOf('"definitions"');
  if (defs === -1) return 0;
  const key = text.indexOf(JSON.stringify(name), defs);
  return key === -1 ? defs : key;
}

function citationsOf(
  schema: Record<string, unknown>,
  symbol: string,
  offset: number,
  at: ReturnType<typeof lineIndex>,
): ScannedCitation[] {
  const metadata = schema.metadata;
  if (!isObject(metadata) || !isObject(metadata.spec)) return [];
  const out: ScannedCitation[] = [];
  const reason = typeof metadata.spec.reason === 'string' ? metadata.spec.reason : undefined;
  const revision = metadata.spec.r;
  for (const [verb, value] of Object.entries(metadata.spec)) {
    if (!VERBS.has(verb)) continue;
    for (const address of Array.isArray(value) ? value : [value]) {
      const raw: RawCitation = { verb: verb as RawCitation['verb'], ref: '', id: '', offset };
      const parsed = typeof address === 'string' ? parseAddress(address) : undefined;
      if (parsed) Object.assign(raw, parsed);
      else {
        raw.ref = String(address);
        raw.malformed = `metadata.spec.${verb}: \`${String(address)}\` is not an address spec://NAMESPACE/DOC#ANCHOR`;
      }
      if (raw.pin === undefined && typeof revision === 'number') raw.pin = `r${revision}`;
      if (reason !== undefined) raw.reason = reason;
      const cite = placed(raw, at);
      cite.symbol = symbol;
      out.push(cite);
    }
  }
  return out;
}

// @implements scanner#JTD-METADATA-SPEC
export function scanJtd(text: string, file: string): ScannedCitation[] {
  if (!text.includes('"spec"')) return [];
  const at = lineIndex(text);
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    const raw: RawCitation = {
      verb: 'implements',
      ref: '',
      id: '',
      offset: 0,
      malformed: `the schema is not valid JSON (${(error as Error).message}); fix it so its metadata.spec can be read`,
    };
    return [placed(raw, at)];
  }
  if (!isObject(schema)) return [];
  const stem = stemOf(file);
  const start = Math.max(0, text.indexOf('{'));
  const out = citationsOf(schema, stem, start, at);
  if (isObject(schema.definitions)) {
    for (const [name, def] of Object.entries(schema.definitions)) {
      if (isObject(def)) out.push(...citationsOf(def, `${stem}::${name}`, definitionOffset(text, name), at));
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}
