/**
 * The link and attribute tags of a unit: `@refines:ADDRESS[~PIN][,ADDRESS…]`
 * (also `@derives:` and `@conflicts:`) and `@attr:KEY=VALUE`. An address is
 * any form a citation takes (`DOC#ID`, a bare `ID`, `spec://NS/DOC#ID`),
 * optionally pinned to the target's digest or kind revision. What the reader
 * cannot read is an error at its place with the fix; whether a target exists
 * is the gate's question (checks/links.ts). Pure.
 */
import type { Issue } from './issues.ts';
import type { LinkKind } from './model.ts';

/** A link as the scanner reads it, placed by absolute offset of its address. */
export interface WrittenLink {
  kind: LinkKind;
  target: string;
  doc?: string;
  id: string;
  pin?: string;
  offset: number;
}

export interface WrittenAttribute {
  key: string;
  value: string;
  offset: number;
}

// The address forms of a citation (checks/scan/refs.ts), read here again since the reader depends on nothing.
const ADDRESS =
  /^(?:spec:\/\/([^\s#,]+)#|([A-Za-z0-9_.][A-Za-z0-9_./-]*)#)?([A-Za-z][A-Za-z0-9_-]*)(?:~([0-9a-fA-F]{8}|r[0-9]+))?$/;

/** Reads the comma-separated addresses after `@KIND:`; `at` is the tag's absolute offset, `head` its length. */
// @implements chains#LINK-GRAMMAR
export function readLinks(
  kind: LinkKind,
  value: string,
  at: number,
  head: number,
  issues: Issue[],
): WrittenLink[] {
  const token = `@${kind}:${value}`;
  if (value === '') {
    issues.push({
      code: 'malformed-link',
      offset: at,
      token: `@${kind}:`,
      message: `\`@${kind}:\` names no fact, so the link it means is lost`,
      fix: `write the address right after the colon: \`@${kind}:DOC#ID\` (several separated by commas)`,
    });
    return [];
  }
  const links: WrittenLink[] = [];
  let from = 0;
  for (const part of value.split(',')) {
    const offset = at + head + from;
    from += part.length + 1;
    const m = ADDRESS.exec(part);
    if (m === null) {
      // An empty part is placed on the comma before it, the character that is really there.
      issues.push({
        code: 'malformed-link',
        offset: part === '' ? offset - 1 : offset,
        token: part === '' ? ',' : part,
        message:
          part === ''
            ? `\`${token}\` has an empty address between commas or after the last one`
            : `\`${part}\` in \`${token}\` is not an address`,
        fix: part === '' ? 'remove the extra comma' : addressFix(kind, part),
      });
      continue;
    }
    const link: WrittenLink = { kind, target: part.replace(/~[^~]*$/, ''), id: m[3]!, offset };
    if (m[1] !== undefined) link.doc = `spec://${m[1]}`;
    else if (m[2] !== undefined) link.doc = m[2];
    if (m[4] !== undefined) link.pin = m[4].toLowerCase();
    links.push(link);
  }
  return links;
}

/** The likely slip in a written address, as the fix. */
// @implements chains#LINK-MALFORMED-LOCATED
function addressFix(kind: LinkKind, part: string): string {
  const bare = part.replace(/[.;:)\]]+$/, '');
  if (bare !== part && ADDRESS.test(bare))
    return `drop the trailing \`${part.slice(bare.length)}\`: \`@${kind}:${bare}\` (a tag ends at the next space)`;
  if (/~/.test(part))
    return "a pin is `~` and the first 8 hex digits of the target's digest (or `~rN`); `factline pin --add` writes it";
  return `an address is \`DOC#ID\`, \`ID\` or \`spec://NAMESPACE/DOC#ID\`; separate several with commas, no spaces`;
}

const KEY = /[A-Za-z][A-Za-z0-9_-]*/y;

/**
 * `@attr:KEY=VALUE` at `at` of the masked unit text `m`: VALUE runs to the
 * next space, or is a double-quoted string on one line (`@attr:owner="Ada L."`).
 */
// @implements chains#ATTRIBUTE-GRAMMAR
export function readAttribute(
  m: string,
  raw: string,
  at: number,
  base: number,
  issues: Issue[],
): { attribute?: WrittenAttribute; end: number } {
  const keyAt = at + 6;
  KEY.lastIndex = keyAt;
  const key = KEY.exec(m)?.[0];
  const after = key === undefined ? keyAt : keyAt + key.length;
  let end = after;
  let value: string | undefined;
  if (key !== undefined && m[after] === '=') {
    if (m[after + 1] === '"') {
      const close = m.indexOf('"', after + 2);
      const newline = m.indexOf('\n', after + 2);
      if (close !== -1 && (newline === -1 || close < newline)) {
        value = raw.slice(after + 2, close);
        end = close + 1;
      }
    } else {
      end = after + 1;
      while (end < m.length && !/\s/.test(m[end]!)) end++;
      value = raw.slice(after + 1, end);
    }
  }
  if (key === undefined || value === undefined || value === '' || (end < m.length && !/\s/.test(m[end]!))) {
    while (end < m.length && !/\s/.test(m[end]!)) end++;
    const token = raw.slice(at, end);
    issues.push({
      code: 'malformed-attribute',
      offset: base + at,
      token,
      message:
        key === undefined
          ? `\`${token}\` names no attribute key`
          : `\`${token}\` gives the attribute \`${key}\` no value`,
      fix: 'write `@attr:KEY=VALUE` (KEY a letter, then letters, digits, `_` or `-`; a VALUE with spaces in double quotes, on one line)',
    });
    return { end };
  }
  return { attribute: { key, value, offset: base + at }, end };
}
