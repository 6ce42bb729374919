/**
 * An attribute key's type from the config (`attributes`) as ReqIF types:
 * `integer` → INTEGER, `number` → REAL, `boolean` → BOOLEAN, `{"enum": […]}`
 * → ENUMERATION with one ENUM-VALUE per member, `{"range": [MIN, MAX]}` →
 * INTEGER or REAL bounded so; anything else, or no config, → STRING. Each
 * typed key gets its own datatype; a value that does not fit its type is
 * left out with a warning (the gate reports it as an error already). Pure.
 */
import { escapeXml } from '../markdown-xhtml.ts';

type Kind = 'string' | 'integer' | 'real' | 'boolean' | 'enumeration';

export interface TypedKey {
  kind: Kind;
  /** DATATYPE-DEFINITION element (for string: none; the shared one is used). */
  datatype?: string;
  /** The ATTRIBUTE-DEFINITION element. */
  definition: string;
  /** The value element, or undefined when the value does not fit. */
  value: (value: string) => string | undefined;
}

const INT = /^[+-]?\d+$/;
const SAFE = 9007199254740991;

// @implements interchange#EXPORT-REQIF-TYPED-ATTRIBUTES
export function typedKey(
  key: string,
  type: unknown,
  ids: { def: string; datatype: string; enumValue: (i: number) => string },
  time: string,
): TypedKey {
  const name = escapeXml(key);
  const t = typeof type === 'string' ? type : undefined;
  const o = typeof type === 'object' && type !== null ? (type as Record<string, unknown>) : undefined;
  const range =
    Array.isArray(o?.range) && o.range.length === 2 && o.range.every((n) => typeof n === 'number')
      ? (o.range as [number, number])
      : undefined;
  const head = (kind: string, extra = '') =>
    `<ATTRIBUTE-DEFINITION-${kind} IDENTIFIER="${ids.def}" LAST-CHANGE="${time}" LONG-NAME="${name}"${extra}><TYPE><DATATYPE-DEFINITION-${kind}-REF>${ids.datatype}</DATATYPE-DEFINITION-${kind}-REF></TYPE></ATTRIBUTE-DEFINITION-${kind}>`;
  const valueElement = (kind: string, v: string) =>
    `<ATTRIBUTE-VALUE-${kind} THE-VALUE="${escapeXml(v)}"><DEFINITION><ATTRIBUTE-DEFINITION-${kind}-REF>${ids.def}</ATTRIBUTE-DEFINITION-${kind}-REF></DEFINITION></ATTRIBUTE-VALUE-${kind}>`;

  if (t === 'integer' || (range && Number.isInteger(range[0]) && Number.isInteger(range[1]))) {
    const [min, max] = range ?? [-SAFE, SAFE];
    return {
      kind: 'integer',
      datatype: `<DATATYPE-DEFINITION-INTEGER IDENTIFIER="${ids.datatype}" LAST-CHANGE="${time}" LONG-NAME="${name}" MAX="${max}" MIN="${min}"/>`,
      definition: head('INTEGER'),
      value: (v) =>
        INT.test(v.trim()) && Number(v) >= min && Number(v) <= max
          ? valueElement('INTEGER', String(BigInt(v.trim())))
          : undefined,
    };
  }
  if (t === 'number' || range) {
    const [min, max] = range ?? [-1.7976931348623157e308, 1.7976931348623157e308];
    return {
      kind: 'real',
      datatype: `<DATATYPE-DEFINITION-REAL ACCURACY="15" IDENTIFIER="${ids.datatype}" LAST-CHANGE="${time}" LONG-NAME="${name}" MAX="${max}" MIN="${min}"/>`,
      definition: head('REAL'),
      value: (v) => {
        const n = Number(v.trim());
        return v.trim() !== '' && Number.isFinite(n) && n >= min && n <= max
          ? valueElement('REAL', String(n))
          : undefined;
      },
    };
  }
  if (t === 'boolean') {
    return {
      kind: 'boolean',
      datatype: `<DATATYPE-DEFINITION-BOOLEAN IDENTIFIER="${ids.datatype}" LAST-CHANGE="${time}" LONG-NAME="${name}"/>`,
      definition: head('BOOLEAN'),
      value: (v) => (v === 'true' || v === 'false' ? valueElement('BOOLEAN', v) : undefined),
    };
  }
  if (Array.isArray(o?.enum)) {
    const members = (o.enum as unknown[]).map(String);
    const values = members
      .map(
        (m, i) =>
          `<ENUM-VALUE IDENTIFIER="${ids.enumValue(i)}" LAST-CHANGE="${time}" LONG-NAME="${escapeXml(m)}"><PROPERTIES><EMBEDDED-VALUE KEY="${i}" OTHER-CONTENT="${escapeXml(m)}"/></PROPERTIES></ENUM-VALUE>`,
      )
      .join('');
    return {
      kind: 'enumeration',
      datatype: `<DATATYPE-DEFINITION-ENUMERATION IDENTIFIER="${ids.datatype}" LAST-CHANGE="${time}" LONG-NAME="${name}"><SPECIFIED-VALUES>${values}</SPECIFIED-VALUES></DATATYPE-DEFINITION-ENUMERATION>`,
      definition: head('ENUMERATION', ' MULTI-VALUED="false"'),
      value: (v) => {
        const i = members.indexOf(v);
        return i === -1
          ? undefined
          : `<ATTRIBUTE-VALUE-ENUMERATION><DEFINITION><ATTRIBUTE-DEFINITION-ENUMERATION-REF>${ids.def}</ATTRIBUTE-DEFINITION-ENUMERATION-REF></DEFINITION><VALUES><ENUM-VALUE-REF>${ids.enumValue(i)}</ENUM-VALUE-REF></VALUES></ATTRIBUTE-VALUE-ENUMERATION>`;
      },
    };
  }
  return {
    kind: 'string',
    definition: `<ATTRIBUTE-DEFINITION-STRING IDENTIFIER="${ids.def}" LAST-CHANGE="${time}" LONG-NAME="${name}"><TYPE><DATATYPE-DEFINITION-STRING-REF>dt-string</DATATYPE-DEFINITION-STRING-REF></TYPE></ATTRIBUTE-DEFINITION-STRING>`,
    value: (v) => valueElement('STRING', v),
  };
}
