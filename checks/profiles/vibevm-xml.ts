/**
 * vibevm's XML spec dialect, as far as its `xml-dialect` warning goes: the
 * laws vibevm's specmap holds a `.xml` spec source to, the document-level ones
 * (well formed; no DTD, processing instruction or foreign entity; one `<spec>`
 * root in vibevm's namespace; nothing after `</spec>`) and the closed
 * vocabulary inside it (vibevm-xml-read.ts). A document that breaks one is
 * dropped with the warning, at the line vibevm names; one that keeps them all
 * is read into units (vibevm-xml-units.ts).
 */
import type { Finding } from '../model.ts';
import { xmlDialect } from '../rules/xml-dialect.ts';
import { Breach, readVibevmXml } from './vibevm-xml-read.ts';

/** The namespace a vibevm spec's `<spec>` root declares. */
export const VIBEVM_SPEC_NS = 'https://vibevm.org/spec/1';

/** One breach: the 1-based line vibevm reports and what is wrong. */
export interface XmlDialectBreach {
  line: number;
  message: string;
}

/**
 * The first dialect breach of a `.xml` spec source, or none. vibevm places an
 * element at the line where its tag ends and a text run at the line where it
 * ends (its reader's position is the end of each event); text runs either
 * side of a comment count as one run.
 */
// @implements vibevm#XML-DIALECT
export function xmlDialectBreach(xml: string): XmlDialectBreach | undefined {
  try {
    readVibevmXml(xml);
    return undefined;
  } catch (error) {
    if (error instanceof Breach) return { line: error.line, message: error.message };
    throw error;
  }
}

/** The `xml-dialect` warning for `file`, when its text breaks the dialect. */
export function xmlDialectFinding(file: string, xml: string): Finding | undefined {
  const breach = xmlDialectBreach(xml);
  return breach === undefined ? undefined : breachFinding(file, breach);
}

/** The `xml-dialect` warning of a breach vibevm drops `file` for. */
export function breachFinding(file: string, breach: XmlDialectBreach): Finding {
  return {
    rule: xmlDialect.id,
    severity: xmlDialect.meta.severity,
    file,
    line: breach.line,
    column: 1,
    message: breach.message,
    fix: xmlDialect.meta.fix,
  };
}
