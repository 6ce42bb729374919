/**
 * A dialect `.xml` spec as a factline document, under the vibevm profile.
 * vibevm's specmap reads the XML into units at the XML's own lines, each hashed
 * over the canonical Markdown of its span (vibevm-xml-units.ts). factline
 * reads that canonical Markdown with its own reader (so statuses, digests and
 * markup findings are the Markdown twin's), then puts every place back on the
 * XML line it came from and lays vibevm's units over the result: which facts
 * are minted, each unit's content hash, and the kind line vibevm gives a
 * section. Pure.
 */
import type { Fact, KindLine, Section, SpecDocument } from '../../reader/model.ts';
import { Breach, readVibevmXml, type XDoc } from './vibevm-xml-read.ts';
import {
  projectVibevmXml,
  vibevmXmlUnits,
  type XmlProjection,
  type XmlUnit,
  type XmlUnitWarning,
} from './vibevm-xml-units.ts';

/** A readable dialect document: its Markdown, its units and vibevm's warnings while minting. */
export interface ReadXmlSpec {
  projection: XmlProjection;
  units: XmlUnit[];
  warnings: XmlUnitWarning[];
}

/**
 * The dialect document read, or the breach vibevm drops it for.
 * `longSectionAt`: vibevm's long-section threshold for this file, 0 when not measured.
 */
// @implements vibevm#XML-UNITS
export function readXmlSpec(xml: string, longSectionAt = 0): ReadXmlSpec | { breach: Breach } {
  const tree = xmlSpecTree(xml);
  return 'breach' in tree ? tree : xmlSpecOfTree(tree, longSectionAt);
}

/** The dialect document's tree, or the breach vibevm drops it for: what a second reading of the same text can take again. */
export function xmlSpecTree(xml: string): XDoc | { breach: Breach } {
  try {
    return readVibevmXml(xml);
  } catch (error) {
    if (error instanceof Breach) return { breach: error };
    throw error;
  }
}

/** readXmlSpec from the tree xmlSpecTree read (which it leaves as it is). */
export function xmlSpecOfTree(doc: XDoc, longSectionAt = 0): ReadXmlSpec {
  return { projection: projectVibevmXml(doc), ...vibevmXmlUnits(doc, longSectionAt) };
}

/**
 * The reader's document of the projection, moved onto the XML's lines, with
 * vibevm's units laid over it: a fact vibevm does not mint (in a quote, bound
 * to a fence, an invalid id) keeps no content hash and so no `spec://` uri.
 */
// @implements vibevm#XML-UNITS
export function xmlSpecDocument(read: ReadXmlSpec, projected: SpecDocument): SpecDocument {
  const map = read.projection.lineMap;
  const at = (line: number) => map[line - 1] ?? map[map.length - 1] ?? line;
  const headings = new Map<number, XmlUnit>();
  const facts = new Map<string, XmlUnit>();
  for (const u of read.units) {
    if (u.kind === 'heading') headings.set(u.line, u);
    else if (!facts.has(u.anchor)) facts.set(u.anchor, u);
  }
  const fact = (f: Fact): Fact => {
    const line = at(f.line);
    const minted = facts.get(f.id);
    const out: Fact = {
      ...f,
      line,
      endLine: at(f.endLine),
      ...(f.statusLine !== undefined ? { statusLine: at(f.statusLine) } : {}),
      ...(f.links ? { links: f.links.map((l) => ({ ...l, line: at(l.line) })) } : {}),
      ...(f.attributes ? { attributes: f.attributes.map((a) => ({ ...a, line: at(a.line) })) } : {}),
      ...(f.fragments ? { fragments: f.fragments.map((x) => ({ ...x, line: at(x.line) })) } : {}),
    };
    if (minted !== undefined && minted.line === line) out.contentHash = minted.contentHash;
    return out;
  };
  const section = (s: Section): Section => {
    const line = at(s.line);
    const { leadKind: _projected, ...rest } = s;
    const out: Section = {
      ...rest,
      line,
      ...(s.markerLine !== undefined ? { markerLine: at(s.markerLine) } : {}),
    };
    const unit = s.explicitAnchor ? headings.get(line) : undefined;
    if (unit !== undefined && unit.anchor === s.anchor) {
      out.contentHash = unit.contentHash;
      // vibevm reads a section's kind from its first block's own text (vibevm-xml-units.ts).
      if (unit.kindLine) out.leadKind = unit.kindLine satisfies KindLine;
    }
    return out;
  };
  const { lineCount: _projectedLines, ...doc } = projected;
  return {
    ...doc,
    ...(projected.markerLine !== undefined ? { markerLine: at(projected.markerLine) } : {}),
    facts: projected.facts.map(fact),
    sections: projected.sections.map(section),
    diagnostics: projected.diagnostics.map((d) => ({ ...d, line: at(d.line) })),
  };
}
