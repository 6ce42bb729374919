/**
 * What a cache entry must look like to be used: a row of the scan cache and
 * a parsed spec document. An entry of any other shape (a damaged file, a
 * hand edit, a cache written by a different build) is never decoded.
 */

import { ACTIONS, AUDIENCES, DIAGNOSTIC_CODES, SECTION_KINDS, STAGES, STATES } from '../../reader/model.ts';
import { type Field, S, type Shape } from '../config/shape.ts';

/**
 * Objects are open: a key this build does not know is ignored (the source
 * fingerprint already drops caches of other builds), a known key must fit.
 */
const record = (fields: Record<string, Field | Shape>): Shape => S.object(fields, false);

const absent = S.literal(0);
const text = S.string();
const maybeText = S.anyOf(absent, text);
const place = { line: S.integer(1), column: S.integer(1) };

/**
 * [verb, ref, id, doc, pin, offset, line, column, symbol, testName, reason, malformed, uri, inTest, covers, notRun],
 * trailing zeros dropped (engine/cache/scan-cache.ts encodeCitation).
 */
export const SCAN_ROW: Shape = S.tuple(
  [
    S.literal(0, 1, 2, 3),
    maybeText,
    text,
    maybeText,
    maybeText,
    S.integer(0),
    S.integer(1),
    S.integer(1),
    maybeText,
    maybeText,
    maybeText,
    maybeText,
    maybeText,
    S.literal(0, 1),
    maybeText,
    S.literal(0, 'skip', 'todo'),
  ],
  8,
);

const STATUS: Shape = record({
  stage: S.literal(...STAGES),
  state: S.literal(...STATES),
  action: S.optional(S.literal(...ACTIONS)),
  actionstage: S.optional(S.literal(...STAGES)),
  audience: S.optional(S.array(S.literal(...AUDIENCES))),
  comment: S.optional(text),
  ref: S.optional(text),
  origin: S.literal('own', 'section', 'document', 'default'),
});

const KIND_LINE: Shape = record({
  kind: S.literal(...SECTION_KINDS),
  revision: S.integer(0),
  planned: S.boolean(),
  disputed: S.array(text),
});

const FACT: Shape = record({
  id: S.string(true),
  doc: text,
  address: S.string(true),
  file: text,
  ...place,
  endLine: S.integer(1),
  label: S.optional(text),
  factClass: S.literal('normative', 'service'),
  unit: S.literal('paragraph', 'listItem', 'tableCell'),
  status: STATUS,
  requires: S.optional(S.array(text)),
  text,
  digest: S.string(true),
  codes: S.array(text),
  section: S.optional(text),
  kindLine: S.optional(KIND_LINE),
  code: S.optional(record({ lang: S.optional(text), value: text })),
  fragments: S.optional(S.array(record({ text, ...place, status: S.optional(STATUS) }))),
});

const SECTION: Shape = record({
  anchor: text,
  explicitAnchor: S.boolean(),
  title: text,
  depth: S.integer(1),
  line: S.integer(1),
  status: S.optional(STATUS),
  kindLine: S.optional(KIND_LINE),
  factIds: S.array(text),
});

const DIAGNOSTIC: Shape = record({
  code: S.literal(...DIAGNOSTIC_CODES),
  severity: S.literal('error', 'warning', 'info'),
  file: text,
  ...place,
  token: S.optional(text),
  message: text,
  fix: S.optional(text),
});

/** One spec-cache value: the document name it was parsed under and the document. */
export const SPEC_ENTRY: Shape = record({
  doc: text,
  document: record({
    doc: text,
    file: text,
    title: S.optional(text),
    status: S.optional(STATUS),
    facts: S.array(FACT),
    sections: S.array(SECTION),
    diagnostics: S.array(DIAGNOSTIC),
  }),
});
