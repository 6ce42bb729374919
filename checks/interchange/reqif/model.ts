/** A ReqIF exchange document as factline reads it: objects, relations, specification trees. */
import type { XmlElement } from '../xml-tree.ts';

export const ATTRIBUTE_KINDS = [
  'string',
  'xhtml',
  'integer',
  'real',
  'boolean',
  'date',
  'enumeration',
] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

export interface ReqifValue {
  /** The attribute definition's LONG-NAME (its IDENTIFIER when it has none). */
  name: string;
  kind: AttributeKind;
  /** The value as text: enumeration values by their LONG-NAME, joined by `, `; XHTML as its text. */
  value: string;
  /** For XHTML values: the THE-VALUE element, whose children are the XHTML content. */
  xhtml?: XmlElement;
}

export interface Located {
  line: number;
  column: number;
}

export interface ReqifObject extends Located {
  identifier: string;
  longName?: string;
  /** The SPEC-OBJECT-TYPE's LONG-NAME. */
  type?: string;
  values: ReqifValue[];
}

export interface ReqifRelation extends Located {
  identifier: string;
  /** The SPEC-RELATION-TYPE's LONG-NAME. */
  type?: string;
  source: string;
  target: string;
}

export interface ReqifNode extends Located {
  identifier: string;
  /** The SPEC-OBJECT this node places. */
  object: string;
  children: ReqifNode[];
}

export interface ReqifSpecification extends Located {
  identifier: string;
  longName?: string;
  children: ReqifNode[];
}

/** Something read past, with where it stands: the import goes on. */
export interface ReqifWarning extends Located {
  message: string;
}

export interface ReqifDocument {
  title?: string;
  sourceTool?: string;
  objects: ReqifObject[];
  relations: ReqifRelation[];
  specifications: ReqifSpecification[];
  warnings: ReqifWarning[];
}

/** The namespace of ReqIF 1.2 (and 1.1), as the OMG schema declares it. */
export const REQIF_NAMESPACE = 'http://www.omg.org/spec/ReqIF/20110401/reqif.xsd';
export const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
