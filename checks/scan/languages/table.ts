/**
 * The docs' table of languages, rendered from the language units, so what
 * `docs/citations.md` says each language reads is what the code reads (a
 * test compares them).
 */
import type { Language } from './language.ts';

const code = (s: string) => `\`${s}\``;

/** How a unit's comments read: its line markers, then its block pairs (nesting said). */
export function commentsCell(language: Language): string {
  if (language.comments) return language.comments;
  const { lineComments, blockComments } = language.grammar;
  const parts = [
    ...lineComments.map((l) => code(l.open)),
    ...blockComments.map((b) => `${code(`${b.open} ${b.close}`)}${b.nests ? ' (nesting)' : ''}`),
  ];
  return parts.join(', ');
}

export function stringsCell(language: Language): string {
  const shown = language.strings ?? [...new Set(language.grammar.strings.map((f) => f.shows))].join(', ');
  return language.notes ? `${shown}; ${language.notes}` : shown;
}

/** `| Extensions | Language | Comments | Strings and text skipped |` rows, one per unit, `|` escaped. */
export function languageRows(languages: readonly Language[]): string[][] {
  return languages.map((l) => [
    l.extensions
      .map((e) => code(`.${e}`))
      .join(' ')
      .replace(/` `/g, ' '),
    l.name,
    commentsCell(l),
    stringsCell(l),
  ]);
}

/** A Markdown table, cells padded to their column's width as the repository's formatter writes them. */
export function markdownTable(header: string[], rows: string[][]): string {
  const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|');
  const all = [header, ...rows].map((row) => row.map(escapeCell));
  const widths = header.map((_, i) => Math.max(3, ...all.map((row) => [...row[i]!].length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => cell + ' '.repeat(widths[i]! - [...cell].length)).join(' | ')} |`;
  return [
    line(all[0]!),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...all.slice(1).map(line),
  ].join('\n');
}

/** The rows no language unit renders: TS/JS (its own scanner) and JSON Type Definition schemas. */
const TS_ROW = [
  '`.ts .tsx .mts .cts .js .jsx .mjs .cjs`',
  'TypeScript, JavaScript',
  '`//`, `/* */`',
  'strings, templates, regular expressions, JSX text (tokenized as TypeScript does)',
];
const JTD_ROW = [
  '`*.jtd.json`',
  'JSON Type Definition',
  'none: the schema’s `metadata.spec` cites (below)',
  'everything else',
];

/**
 * The docs' section on languages (between its markers in
 * `docs/citations.md`): the table of supported languages, then those read
 * by comment syntax alone, with what they do not read yet.
 */
// @implements scanner#SUPPORTED-LANGUAGES
export function languagesSection(languages: readonly Language[]): string {
  const supported = languages.filter((l) => l.supported === true);
  const apart = languages.filter((l) => l.supported !== true);
  const table = markdownTable(
    ['Extensions', 'Language', 'Comments', 'Strings and text skipped'],
    [TS_ROW, ...languageRows(supported), JTD_ROW],
  );
  const others = apart.map((l) => {
    const [row] = languageRows([l]);
    const not = l.supported === true ? '' : l.supported.not;
    return `- ${l.name} (${row![0]}): comments ${row![2]}; skips ${row![3]}. Not yet read: ${not}.`;
  });
  return [
    table,
    '',
    'Also scanned, by comment syntax, but not listed as supported (a tag in text these readers do not know may count):',
    '',
    ...others,
  ].join('\n');
}
