/**
 * The language table: a template `NAME.EXT.hbs` renders as the language its
 * EXT names, and that language decides how spec text is escaped where it
 * lands, how typed values are written and how `{{cite}}` cites. An extension
 * missing here is refused with the list. Pure.
 */
import { ts } from 'ts-morph';
import {
  codeText,
  escapeString,
  goControl,
  inertBlockComment,
  inertHtmlComment,
  isInertToken,
  jsControl,
  jsonControl,
  ok,
  oneLine,
  pythonControl,
  rawText,
  refuse,
  rustControl,
} from './escape.ts';
import {
  contextsFrom,
  goRegions,
  jsonRegions,
  markdownRegions,
  pythonRegions,
  type Region,
  rustRegions,
  tomlRegions,
  yamlRegions,
} from './regions.ts';
import type { CiteData, Context, Escaped, Language, Scalar } from './types.ts';
import { typescriptContexts } from './typescript.ts';

/**
 * Citation keywords inside spec text would be read by the gate as citations
 * of their own: in comments their `@` becomes the full-width `＠`.
 */
export function inertTags(text: string): string {
  return text.replace(/@(?=(?:implements|verifies|deviates|spec)\b)/gi, '\uff20');
}

const ref = (c: CiteData, address = c.address) => `${address}${c.pin === undefined ? '' : `~${c.pin}`}`;
const lineCite = (opener: string, c: CiteData) =>
  ok(`${opener} @implements ${ref(c)} — ${inertTags(oneLine(c.summary))}`);

const other = (context: Extract<Context, { kind: 'other' }>): Escaped =>
  refuse(
    `spec text cannot be written safely inside ${context.what}`,
    'move the interpolation into a string literal or a comment',
  );

/** Comment contexts shared by the C family: line comments one line, block comments unclosable. */
function cComment(
  context: { kind: 'line-comment' | 'block-comment' },
  text: string,
  nests: boolean,
): Escaped {
  return context.kind === 'line-comment'
    ? ok(inertTags(oneLine(text)))
    : ok(inertTags(inertBlockComment(text, nests)));
}

const lastChar = (quote: string) => quote[quote.length - 1]!;

const fromRegions =
  (regions: (text: string) => Region[]) =>
  (text: string, offsets: readonly number[]): Context[] =>
    contextsFrom(regions(text), offsets);

function typescript(id: string, name: string, extensions: string[], kind: ts.ScriptKind): Language {
  return {
    id,
    name,
    extensions,
    lineComment: '//',
    header: { open: '//' },
    contexts: (text, offsets) => typescriptContexts(text, offsets, kind),
    escape(context, text) {
      if (context.kind === 'line-comment' || context.kind === 'block-comment')
        return cComment(context, text, false);
      if (context.kind === 'code') return codeText(text, name);
      if (context.kind === 'other') return other(context);
      if (context.quote === '`') return ok(escapeString(text, '`', jsControl, { $: '\\$' }));
      return ok(escapeString(text, context.quote, jsControl));
    },
    literal: (v) => (v.kind === 'string' ? `'${escapeString(v.value, "'", jsControl)}'` : String(v.value)),
    cite: (c) => lineCite('//', c),
    check: 'typescript',
  };
}

const rust: Language = {
  id: 'rust',
  name: 'Rust',
  extensions: ['rs'],
  lineComment: '//',
  header: { open: '//' },
  contexts: fromRegions(rustRegions),
  escape(context, text) {
    if (context.kind === 'line-comment' || context.kind === 'block-comment')
      return cComment(context, text, true);
    if (context.kind === 'code') return codeText(text, 'Rust');
    if (context.kind === 'other') return other(context);
    if (context.raw) {
      const hashes = context.quote.replace(/^b?r/, '').replace(/"$/, '');
      return rawText(text, new RegExp(`"${hashes}`), `"${hashes}`);
    }
    if (context.quote === 'b"' && /[^\x00-\x7f]/.test(text)) {
      return refuse('a byte string holds ASCII only', 'use a string literal "…" in the template');
    }
    return ok(escapeString(text, '"', rustControl));
  },
  literal: (v) => (v.kind === 'string' ? `"${escapeString(v.value, '"', rustControl)}"` : String(v.value)),
  /**
   * In a project with a namespace a fact is cited with vibevm's attribute,
   * which both vibevm's scanner and factline's read; it carries an `rN` pin
   * as `r = N`. A digest pin has no place in it: that citation stays a comment.
   */
  // @implements generator-languages#RUST-CITES-WITH-ATTRIBUTE
  cite(c) {
    if (c.uri !== undefined && (c.pin === undefined || /^r\d+$/.test(c.pin))) {
      const r = c.pin === undefined ? '' : `, r = ${c.pin.slice(1)}`;
      return ok(
        `#[spec(implements = "${escapeString(c.uri, '"', rustControl)}"${r})] // ${inertTags(oneLine(c.summary))}`,
      );
    }
    return lineCite('//', c);
  },
  check: 'rust',
};

const python: Language = {
  id: 'python',
  name: 'Python',
  extensions: ['py', 'pyi'],
  lineComment: '#',
  header: { open: '#' },
  contexts: fromRegions(pythonRegions),
  escape(context, text) {
    if (context.kind === 'line-comment') return ok(inertTags(oneLine(text)));
    if (context.kind === 'code') return codeText(text, 'Python');
    if (context.kind !== 'string') return refuse('Python has no such context', 'use a string or a comment');
    const quote = lastChar(context.quote);
    const triple = context.quote.endsWith(quote.repeat(3));
    if (context.raw) {
      return rawText(
        text,
        triple ? new RegExp(`[\\\\${quote}]`) : new RegExp(`[\\\\${quote}\\r\\n]`),
        'a quote, a backslash or a line break',
      );
    }
    const braces: Record<string, string> = context.interpolates ? { '{': '{{', '}': '}}' } : {};
    return ok(escapeString(text, quote, pythonControl, braces));
  },
  literal(v) {
    if (v.kind === 'string') return `'${escapeString(v.value, "'", pythonControl)}'`;
    if (v.kind === 'boolean') return v.value ? 'True' : 'False';
    return v.value;
  },
  cite: (c) => lineCite('#', c),
  check: 'python',
};

const go: Language = {
  id: 'go',
  name: 'Go',
  extensions: ['go'],
  lineComment: '//',
  header: { open: '//' },
  contexts: fromRegions(goRegions),
  escape(context, text) {
    if (context.kind === 'line-comment' || context.kind === 'block-comment')
      return cComment(context, text, false);
    if (context.kind === 'code') return codeText(text, 'Go');
    if (context.kind === 'other') return other(context);
    if (context.raw) return rawText(text, /[`\r]/, 'a backtick or a carriage return');
    return ok(escapeString(text, '"', goControl));
  },
  literal: (v) => (v.kind === 'string' ? `"${escapeString(v.value, '"', goControl)}"` : String(v.value)),
  cite: (c) => lineCite('//', c),
  check: 'go',
};

const jsonString = (text: string) => escapeString(text, '"', jsonControl);

/** A data language's code context holds a value: spec text there is written as a quoted string. */
const dataText = (text: string, quoted: (t: string) => string) =>
  ok(/^-?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(text) ? text : quoted(text));

const json: Language = {
  id: 'json',
  name: 'JSON',
  extensions: ['json'],
  contexts: fromRegions(jsonRegions),
  escape(context, text) {
    if (context.kind === 'code') return dataText(text, (t) => `"${jsonString(t)}"`);
    if (context.kind === 'string') return ok(jsonString(text));
    return refuse('JSON has no such context', 'use a string');
  },
  literal: (v) => (v.kind === 'string' ? `"${jsonString(v.value)}"` : String(v.value)),
  cite: () =>
    refuse(
      'JSON has no comments to cite a fact in',
      'write {{cite "ID"}} inside a string, e.g. a JSON Type Definition\'s "metadata": {"spec": "{{cite "ID"}}"}',
    ),
  check: 'json',
};

const yaml: Language = {
  id: 'yaml',
  name: 'YAML',
  extensions: ['yaml', 'yml'],
  lineComment: '#',
  header: { open: '#' },
  contexts: fromRegions(yamlRegions),
  escape(context, text) {
    if (context.kind === 'line-comment') return ok(inertTags(oneLine(text)));
    if (context.kind === 'code') return ok(isInertToken(text) ? text : `"${jsonString(text)}"`);
    if (context.kind !== 'string') return refuse('YAML has no such context', 'use a string');
    if (context.quote === '"') return ok(jsonString(text));
    if (context.quote === '') {
      // Inside a plain scalar only text that cannot end it or start a comment stands.
      return /^[\w ./()+=]*$/.test(text)
        ? ok(text)
        : refuse(
            'spec text inside a plain YAML scalar could end it or start a comment',
            'make the interpolation the whole value (`key: {{…}}`, written quoted) or quote the scalar in the template',
          );
    }
    if (/[\r\n\u0085\u2028\u2029]/.test(text)) {
      return refuse(
        'a line break would be folded away here',
        'use a double-quoted scalar "…" in the template',
      );
    }
    return ok(context.quote === "'" ? text.replace(/'/g, "''") : text);
  },
  literal: (v) => (v.kind === 'string' ? `"${jsonString(v.value)}"` : String(v.value)),
  cite: (c) => lineCite('#', c),
  check: 'yaml',
};

const toml: Language = {
  id: 'toml',
  name: 'TOML',
  extensions: ['toml'],
  lineComment: '#',
  header: { open: '#' },
  contexts: fromRegions(tomlRegions),
  escape(context, text) {
    if (context.kind === 'line-comment') return ok(inertTags(oneLine(text)));
    if (context.kind === 'code') return dataText(text, (t) => `"${escapeString(t, '"', jsonControl)}"`);
    if (context.kind !== 'string') return refuse('TOML has no such context', 'use a string');
    if (context.raw) {
      const single = context.quote.length === 1;
      return rawText(
        text,
        single ? /['\x00-\x08\x0a-\x1f\x7f]/ : /'''|[\x00-\x08\x0b-\x1f\x7f]/,
        'a quote or a control character',
      );
    }
    return ok(escapeString(text, '"', jsonControl));
  },
  literal: (v) => (v.kind === 'string' ? `"${escapeString(v.value, '"', jsonControl)}"` : String(v.value)),
  cite: (c) => lineCite('#', c),
  check: 'toml',
};

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()<>#+\-.!|~&]/g;

const markdown: Language = {
  id: 'markdown',
  name: 'Markdown',
  extensions: ['md'],
  header: { open: '<!--', close: '-->' },
  contexts: fromRegions(markdownRegions),
  escape(context, text) {
    if (context.kind === 'code') return ok(oneLine(text).replace(MARKDOWN_SPECIAL, (c) => `\\${c}`));
    if (context.kind === 'block-comment') return ok(inertTags(inertHtmlComment(text)));
    if (context.kind !== 'string') return refuse('Markdown has no such context', 'use text or a code span');
    if (context.quote.length >= 3) {
      return /(?:^|\n) {0,3}(?:```|~~~)/.test(text)
        ? refuse(
            'spec text holds a code fence, which would end the fenced block',
            'indent the block or drop the fence',
          )
        : ok(text);
    }
    return /[`\r\n]/.test(text)
      ? refuse(
          'spec text holds a backtick or a line break, which would end the code span',
          'use a fenced block',
        )
      : ok(text);
  },
  literal(v: Scalar) {
    const text = String(v.value);
    const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
    const fence = '`'.repeat(longest + 1);
    return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
  },
  cite: (c) => ok(`<!-- @implements ${ref(c)} — ${inertTags(inertHtmlComment(c.summary))} -->`),
  check: 'none',
};

export const LANGUAGES: readonly Language[] = [
  typescript('typescript', 'TypeScript', ['ts', 'mts', 'cts'], ts.ScriptKind.TS),
  typescript('javascript', 'JavaScript', ['js', 'mjs', 'cjs'], ts.ScriptKind.JS),
  rust,
  python,
  go,
  json,
  yaml,
  toml,
  markdown,
];

const BY_EXTENSION = new Map(LANGUAGES.flatMap((l) => l.extensions.map((e) => [e, l] as const)));

/** Every extension a template may render to, for the refusal of any other. */
export const TEMPLATE_EXTENSIONS: readonly string[] = LANGUAGES.flatMap((l) => l.extensions);

/** The language of an output path (`generated/limits.rs` → Rust), when the table has it. */
// @implements generator-languages#LANGUAGE-TABLE
export function languageOf(path: string): Language | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot === -1 ? undefined : BY_EXTENSION.get(name.slice(dot + 1).toLowerCase());
}
