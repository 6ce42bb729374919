/**
 * What a cache entry must look like to be used: a row of the scan cache and
 * a parsed spec document. An entry of any other shape (a damaged file, a
 * hand edit, a cache written by a different build) is never decoded.
 */

import { NOT_RUN_FORM } from '../../checks/scan/types.ts';
import {
  ACTIONS,
  AUDIENCES,
  DIAGNOSTIC_CODES,
  LINK_KINDS,
  SECTION_KINDS,
  STAGES,
  STATES,
} from '../../reader/model.ts';
import { type Field, type Shape, shapes } from '../config/shape.ts';

/**
 * Objects are open: a key this build does not know is ignored (the source
 * fingerprint already drops caches of other builds), a known key must fit.
 */
const record = (fields: Record<string, Field | Shape>): Shape => shapes.object(fields, false);

const absent = shapes.literal(0);
const text = shapes.string();
const maybeText = shapes.anyOf(absent, text);
const place = { line: shapes.integer(1), column: shapes.integer(1) };

/**
 * [verb, ref, id, doc, pin, offset, line, column, symbol, testName, reason, malformed, uri, inTest, covers, notRun],
 * trailing zeros dropped (engine/cache/scan-cache.ts encodeCitation).
 */
export const SCAN_ROW: Shape = shapes.tuple(
  [
    shapes.literal(0, 1, 2, 3),
    maybeText,
    text,
    maybeText,
    maybeText,
    shapes.integer(0),
    shapes.integer(1),
    shapes.integer(1),
    maybeText,
    maybeText,
    maybeText,
    maybeText,
    maybeText,
    shapes.literal(0, 1),
    maybeText,
    // notRun: the marker, or the marker with the source's reason (checks/scan/types.ts NotRun).
    shapes.anyOf(shapes.literal(0), shapes.matching(NOT_RUN_FORM)),
  ],
  8,
);

const STATUS: Shape = record({
  stage: shapes.literal(...STAGES),
  state: shapes.literal(...STATES),
  action: shapes.optional(shapes.literal(...ACTIONS)),
  actionstage: shapes.optional(shapes.literal(...STAGES)),
  audience: shapes.optional(shapes.array(shapes.literal(...AUDIENCES))),
  comment: shapes.optional(text),
  ref: shapes.optional(text),
  origin: shapes.literal('own', 'section', 'document', 'default'),
});

const KIND_LINE: Shape = record({
  kind: shapes.literal(...SECTION_KINDS),
  revision: shapes.integer(0),
  planned: shapes.boolean(),
  disputed: shapes.array(text),
});

const FACT: Shape = record({
  id: shapes.string(true),
  doc: text,
  address: shapes.string(true),
  file: text,
  ...place,
  endLine: shapes.integer(1),
  label: shapes.optional(text),
  factClass: shapes.literal('normative', 'service'),
  unit: shapes.literal('paragraph', 'listItem', 'tableCell'),
  status: STATUS,
  requires: shapes.optional(shapes.array(text)),
  links: shapes.optional(
    shapes.array(
      record({
        kind: shapes.literal(...LINK_KINDS),
        target: shapes.string(true),
        doc: shapes.optional(text),
        id: shapes.string(true),
        pin: shapes.optional(text),
        ...place,
      }),
    ),
  ),
  attributes: shapes.optional(shapes.array(record({ key: shapes.string(true), value: text, ...place }))),
  text,
  digest: shapes.string(true),
  codes: shapes.array(text),
  section: shapes.optional(text),
  statusLine: shapes.optional(shapes.integer(1)),
  kindLine: shapes.optional(KIND_LINE),
  code: shapes.optional(record({ lang: shapes.optional(text), value: text })),
  fragments: shapes.optional(shapes.array(record({ text, ...place, status: shapes.optional(STATUS) }))),
});

const SECTION: Shape = record({
  anchor: text,
  explicitAnchor: shapes.boolean(),
  title: text,
  depth: shapes.integer(1),
  line: shapes.integer(1),
  status: shapes.optional(STATUS),
  kindLine: shapes.optional(KIND_LINE),
  leadKind: shapes.optional(KIND_LINE),
  markerLine: shapes.optional(shapes.integer(1)),
  factIds: shapes.array(text),
});

const DIAGNOSTIC: Shape = record({
  code: shapes.literal(...DIAGNOSTIC_CODES),
  severity: shapes.literal('error', 'warning', 'info'),
  file: text,
  ...place,
  token: shapes.optional(text),
  message: text,
  fix: shapes.optional(text),
});

/** One spec-cache value: the document name it was parsed under and the document. */
export const SPEC_ENTRY: Shape = record({
  doc: text,
  document: record({
    doc: text,
    file: text,
    title: shapes.optional(text),
    status: shapes.optional(STATUS),
    aliases: shapes.optional(shapes.array(text)),
    facts: shapes.array(FACT),
    sections: shapes.array(SECTION),
    diagnostics: shapes.array(DIAGNOSTIC),
    lineCount: shapes.optional(shapes.integer(0)),
    markerLine: shapes.optional(shapes.integer(1)),
  }),
});
