/**
 * The event stream of a `.xml` spec source as vibevm's specmap reads it
 * (quick-xml's reader in its `xmlspec` module): start, empty and end tags with
 * their decoded attributes, text runs with references resolved (adjacent runs
 * joined, as a comment between them does not split them), CDATA; the XML
 * declaration and comments dropped. Each event carries the 1-based line where
 * it ends, the position vibevm's reader reports. What vibevm refuses at this
 * level (ill-formed XML, a DTD, a processing instruction, a foreign entity)
 * is thrown as a Breach at vibevm's line. Pure.
 */

export type XmlEvent =
  | { type: 'start' | 'empty'; name: string; attrs: [string, string][]; line: number }
  | { type: 'end'; name: string; line: number }
  | { type: 'text'; text: string; line: number }
  | { type: 'cdata'; text: string; line: number };

const BUILT_IN: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** A dialect breach: the line vibevm names (0 when it has none) and its message. */
export class Breach extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const NAME = /^[A-Za-z_:][A-Za-z0-9_:.-]*/;
const ATTRIBUTE = /^\s+([A-Za-z_:][A-Za-z0-9_:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/;

/** The document as a stream of events; declarations and comments are dropped, adjacent text joined. */
export function xmlEvents(xml: string): XmlEvent[] {
  const lineAt = lineIndex(xml);
  const events: XmlEvent[] = [];
  const open: string[] = [];
  const text = (value: string, end: number) => {
    const last = events[events.length - 1];
    if (last?.type === 'text') last.text += value;
    else events.push({ type: 'text', text: value, line: lineAt(end) });
  };
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const runEnd = lt === -1 ? xml.length : lt;
    if (runEnd > at) {
      // A text run, its references resolved: vibevm refuses any entity but XML's five.
      let run = '';
      let from = at;
      for (let amp = xml.indexOf('&', from); amp !== -1 && amp < runEnd; amp = xml.indexOf('&', from)) {
        run += xml.slice(from, amp);
        const semi = xml.indexOf(';', amp);
        if (semi === -1 || semi > runEnd)
          throw new Breach(lineAt(amp), 'ill-formed XML: unterminated reference');
        run += reference(xml.slice(amp + 1, semi), lineAt(semi + 1));
        from = semi + 1;
      }
      run += xml.slice(from, runEnd);
      text(run, runEnd);
    }
    if (lt === -1) break;
    at = lt;
    if (xml.startsWith('<!--', at)) {
      const end = xml.indexOf('-->', at + 4);
      if (end === -1) throw new Breach(lineAt(at), 'ill-formed XML: unclosed comment');
      at = end + 3;
    } else if (xml.startsWith('<![CDATA[', at)) {
      const end = xml.indexOf(']]>', at);
      if (end === -1) throw new Breach(lineAt(at), 'ill-formed XML: unclosed CDATA');
      const text = xml.slice(at + '<![CDATA['.length, end);
      at = end + 3;
      events.push({ type: 'cdata', text, line: lineAt(at) });
    } else if (xml.startsWith('<!DOCTYPE', at)) {
      const end = xml.indexOf('>', at);
      throw new Breach(
        lineAt(end === -1 ? xml.length : end + 1),
        'the dialect forbids DTD (<!DOCTYPE>) — the vocabulary is closed',
      );
    } else if (xml.startsWith('<?', at)) {
      const end = xml.indexOf('?>', at);
      if (end === -1) throw new Breach(lineAt(at), 'ill-formed XML: unclosed processing instruction');
      at = end + 2;
      // `<?xml …?>` is the declaration (dropped wherever it stands); any other is a processing instruction.
      if (!/^<\?xml(\s|\?>)/.test(xml.slice(lt, at)))
        throw new Breach(
          lineAt(at),
          'the dialect forbids processing instructions — the vocabulary is closed',
        );
    } else if (xml.startsWith('</', at)) {
      const name = NAME.exec(xml.slice(at + 2))?.[0];
      const end = xml.indexOf('>', at);
      if (name === undefined || end === -1) throw new Breach(lineAt(at), 'ill-formed XML: bad closing tag');
      const expected = open.pop();
      if (expected !== name)
        throw new Breach(
          lineAt(at),
          `ill-formed XML: closing tag </${name}> where ${expected ? `</${expected}>` : 'no element'} is open`,
        );
      at = end + 1;
      events.push({ type: 'end', name, line: lineAt(at) });
    } else {
      const name = NAME.exec(xml.slice(at + 1))?.[0];
      if (name === undefined) throw new Breach(lineAt(at), 'ill-formed XML: `<` opens no tag');
      let rest = at + 1 + name.length;
      const attrs: [string, string][] = [];
      for (let m = ATTRIBUTE.exec(xml.slice(rest)); m; m = ATTRIBUTE.exec(xml.slice(rest))) {
        const raw = m[3] ?? m[4] ?? '';
        attrs.push([m[1]!, attributeValue(raw, m[1]!, lineAt(rest))]);
        rest += m[0].length;
      }
      const close = /^\s*(\/?)>/.exec(xml.slice(rest));
      if (close === null) throw new Breach(lineAt(rest), `ill-formed XML: tag <${name}> is not closed`);
      at = rest + close[0].length;
      const empty = close[1] === '/';
      if (!empty) open.push(name);
      events.push({ type: empty ? 'empty' : 'start', name, attrs, line: lineAt(at) });
    }
  }
  return events;
}

/** A reference's text: a character reference or one of XML's five built-in entities. */
function reference(name: string, line: number): string {
  const char = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(name);
  if (char) return String.fromCodePoint(Number.parseInt(char[1] ?? char[2]!, char[1] ? 16 : 10));
  const builtIn = BUILT_IN[name];
  if (builtIn !== undefined) return builtIn;
  throw new Breach(
    line,
    `the dialect forbids entities: &${name}; — only XML's five built-ins and character references are allowed`,
  );
}

function attributeValue(raw: string, key: string, line: number): string {
  return raw.replace(/&([^;&]*);|&/g, (_whole, name: string | undefined) => {
    if (name === undefined) throw new Breach(line, `bad escape in attribute \`${key}\``);
    try {
      return reference(name, line);
    } catch {
      throw new Breach(line, `bad escape in attribute \`${key}\``);
    }
  });
}

/** The 1-based line of an offset: `n` newlines before it is line `n + 1`. */
function lineIndex(xml: string): (offset: number) => number {
  const starts: number[] = [];
  for (let i = xml.indexOf('\n'); i !== -1; i = xml.indexOf('\n', i + 1)) starts.push(i);
  return (offset) => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}
