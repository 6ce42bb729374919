/**
 * ReqIF XML → ReqifDocument, leniently: tools write files that do not
 * validate (a 2010 namespace, missing definitions, references to nothing,
 * duplicate identifiers), and an importer reads them all. What cannot be
 * used is skipped with a warning naming the element's line and column. Pure.
 */
import { childElements, descendants, firstChild, textContent, type XmlElement } from '../xml-tree.ts';
import type {
  AttributeKind,
  ReqifDocument,
  ReqifNode,
  ReqifObject,
  ReqifRelation,
  ReqifSpecification,
  ReqifValue,
  ReqifWarning,
} from './model.ts';

interface Definition {
  name: string;
  kind: AttributeKind;
}

const KIND_OF: Record<string, AttributeKind> = {
  STRING: 'string',
  XHTML: 'xhtml',
  INTEGER: 'integer',
  REAL: 'real',
  BOOLEAN: 'boolean',
  DATE: 'date',
  ENUMERATION: 'enumeration',
};

/** `OBJECT` > `SPEC-OBJECT-REF` and the like: the text of the first grandchild, trimmed. */
function refIn(node: XmlElement, wrapper: string): string | undefined {
  const holder = firstChild(node, wrapper);
  const ref = holder ? childElements(holder)[0] : undefined;
  const text = ref ? textContent(ref).trim() : '';
  return text === '' ? undefined : text;
}

function contentOf(root: XmlElement): XmlElement | undefined {
  const core = firstChild(root, 'CORE-CONTENT');
  return core ? firstChild(core, 'REQ-IF-CONTENT') : undefined;
}

/** Reads the document element of a ReqIF file. */
// @implements interchange#IMPORT-LENIENT-WITH-PLACED-WARNINGS
export function readReqif(root: XmlElement): ReqifDocument {
  const warnings: ReqifWarning[] = [];
  const warn = (at: { line: number; column: number }, message: string) =>
    warnings.push({ line: at.line, column: at.column, message });
  if (root.name !== 'REQ-IF')
    warn(root, `the root element is <${root.qname}>, not <REQ-IF>; reading it as ReqIF`);
  const header = descendants(root, 'REQ-IF-HEADER')[0];
  const headerText = (name: string) => {
    const el = header ? firstChild(header, name) : undefined;
    const t = el ? textContent(el).trim() : '';
    return t === '' ? undefined : t;
  };
  const content = contentOf(root);
  if (!content) {
    warn(root, 'no CORE-CONTENT > REQ-IF-CONTENT: the file holds no requirements');
    return { objects: [], relations: [], specifications: [], warnings };
  }

  // Definitions wherever the tool put them (SPEC-TYPES in a valid file).
  const definitions = new Map<string, Definition>();
  const typeNames = new Map<string, string>();
  for (const el of descendants(content, 'SPEC-TYPES').flatMap((t) => childElements(t))) {
    const id = el.attrs.IDENTIFIER;
    if (id !== undefined && el.attrs['LONG-NAME'] !== undefined) typeNames.set(id, el.attrs['LONG-NAME']);
    for (const def of descendants(el, 'SPEC-ATTRIBUTES').flatMap((a) => childElements(a))) {
      const kind = KIND_OF[def.name.replace('ATTRIBUTE-DEFINITION-', '')];
      const defId = def.attrs.IDENTIFIER;
      if (!kind || defId === undefined) {
        warn(
          def,
          `<${def.qname}> is not an attribute definition with an IDENTIFIER; values of it are read as strings`,
        );
        continue;
      }
      definitions.set(defId, { name: def.attrs['LONG-NAME'] ?? defId, kind });
    }
  }
  const enumNames = new Map<string, string>();
  for (const v of descendants(content, 'ENUM-VALUE')) {
    if (v.attrs.IDENTIFIER !== undefined)
      enumNames.set(v.attrs.IDENTIFIER, v.attrs['LONG-NAME'] ?? v.attrs.IDENTIFIER);
  }

  const undefinedSeen = new Set<string>();
  const readValue = (el: XmlElement): ReqifValue | undefined => {
    const kind = KIND_OF[el.name.replace('ATTRIBUTE-VALUE-', '')];
    if (!kind) return undefined;
    const defRef = refIn(el, 'DEFINITION');
    const def = defRef === undefined ? undefined : definitions.get(defRef);
    if (defRef === undefined)
      warn(el, `<${el.qname}> names no DEFINITION; its value is kept under the name "${kind}"`);
    else if (!def && !undefinedSeen.has(defRef)) {
      undefinedSeen.add(defRef);
      warn(
        el,
        `<${el.qname}> refers to attribute definition ${defRef}, which the file does not define (named by its identifier; later uses not repeated)`,
      );
    }
    const name = def?.name ?? defRef ?? kind;
    if (kind === 'xhtml') {
      const theValue = firstChild(el, 'THE-VALUE');
      if (!theValue) return { name, kind, value: '' };
      return { name, kind, value: textContent(theValue).replace(/\s+/g, ' ').trim(), xhtml: theValue };
    }
    if (kind === 'enumeration') {
      const values = firstChild(el, 'VALUES');
      const names = (values ? childElements(values) : []).map((r) => {
        const id = textContent(r).trim();
        return enumNames.get(id) ?? id;
      });
      return { name, kind, value: names.join(', ') };
    }
    const theValue = el.attrs['THE-VALUE'];
    if (theValue === undefined) warn(el, `<${el.qname}> has no THE-VALUE; read as empty`);
    return { name, kind, value: theValue ?? '' };
  };
  const readValues = (el: XmlElement): ReqifValue[] => {
    const values = firstChild(el, 'VALUES');
    return (values ? childElements(values) : [])
      .map(readValue)
      .filter((v): v is ReqifValue => v !== undefined);
  };

  const objects: ReqifObject[] = [];
  const seen = new Set<string>();
  for (const el of descendants(content, 'SPEC-OBJECTS').flatMap((s) => childElements(s, 'SPEC-OBJECT'))) {
    let identifier = el.attrs.IDENTIFIER;
    if (identifier === undefined || identifier === '') {
      identifier = `object-${el.line}-${el.column}`;
      warn(el, `SPEC-OBJECT without IDENTIFIER; named ${identifier} after its place`);
    } else if (seen.has(identifier)) {
      warn(el, `SPEC-OBJECT ${identifier} is defined twice; the second is kept as ${identifier}-${el.line}`);
      identifier = `${identifier}-${el.line}`;
    }
    seen.add(identifier);
    const typeRef = refIn(el, 'TYPE');
    const type = typeRef === undefined ? undefined : typeNames.get(typeRef);
    objects.push({
      identifier,
      ...(el.attrs['LONG-NAME'] !== undefined ? { longName: el.attrs['LONG-NAME'] } : {}),
      ...(type !== undefined ? { type } : {}),
      values: readValues(el),
      line: el.line,
      column: el.column,
    });
  }

  const relations: ReqifRelation[] = [];
  for (const el of descendants(content, 'SPEC-RELATIONS').flatMap((s) => childElements(s, 'SPEC-RELATION'))) {
    const source = refIn(el, 'SOURCE');
    const target = refIn(el, 'TARGET');
    const identifier = el.attrs.IDENTIFIER ?? `relation-${el.line}-${el.column}`;
    if (source === undefined || target === undefined) {
      warn(el, `SPEC-RELATION ${identifier} lacks a ${source === undefined ? 'SOURCE' : 'TARGET'}; skipped`);
      continue;
    }
    if (!seen.has(source) || !seen.has(target)) {
      const missing = seen.has(source) ? target : source;
      warn(
        el,
        `SPEC-RELATION ${identifier} refers to ${missing}, which is no SPEC-OBJECT of this file; skipped`,
      );
      continue;
    }
    const typeRef = refIn(el, 'TYPE');
    const type = typeRef === undefined ? undefined : typeNames.get(typeRef);
    relations.push({
      identifier,
      source,
      target,
      ...(type !== undefined ? { type } : {}),
      line: el.line,
      column: el.column,
    });
  }

  const readNodes = (holder: XmlElement): ReqifNode[] => {
    const children = firstChild(holder, 'CHILDREN');
    const nodes: ReqifNode[] = [];
    for (const el of children ? childElements(children, 'SPEC-HIERARCHY') : []) {
      const object = refIn(el, 'OBJECT');
      const below = readNodes(el);
      if (object === undefined || !seen.has(object)) {
        warn(
          el,
          object === undefined
            ? 'SPEC-HIERARCHY places no OBJECT; its children move up a level'
            : `SPEC-HIERARCHY places ${object}, which is no SPEC-OBJECT of this file; its children move up a level`,
        );
        nodes.push(...below);
        continue;
      }
      nodes.push({
        identifier: el.attrs.IDENTIFIER ?? '',
        object,
        children: below,
        line: el.line,
        column: el.column,
      });
    }
    return nodes;
  };
  const specifications: ReqifSpecification[] = descendants(content, 'SPECIFICATIONS')
    .flatMap((s) => childElements(s, 'SPECIFICATION'))
    .map((el) => {
      const name = el.attrs['LONG-NAME'] ?? readValues(el).find((v) => /name|title/i.test(v.name))?.value;
      return {
        identifier: el.attrs.IDENTIFIER ?? `specification-${el.line}`,
        ...(name ? { longName: name } : {}),
        children: readNodes(el),
        line: el.line,
        column: el.column,
      };
    });

  const title = headerText('TITLE');
  const sourceTool = headerText('SOURCE-TOOL-ID');
  return {
    ...(title ? { title } : {}),
    ...(sourceTool ? { sourceTool } : {}),
    objects,
    relations,
    specifications,
    warnings,
  };
}
