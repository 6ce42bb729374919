/**
 * The differential of the TS/JS citation scan against TypeScript itself, on
 * real files (specs/scanner.md#DIFFERENTIAL): tags are planted where
 * TypeScript's parser and scanner see comments (after each comment's opener)
 * and where they see strings, templates, regular expressions and JSX text
 * (after each one's opening delimiter); then the planted text is parsed again,
 * and TypeScript's comments in it say which tags are in comments. A tag in a
 * comment the scan does not report is missed, one it reports at another line
 * or column than TypeScript's is misplaced, and a tag outside every comment
 * that it reports is counted. Shared by the system test and bench/, so it
 * takes TypeScript and the scan as arguments (support/ imports nothing of ours).
 */
import type api from 'typescript';

type Ts = typeof api;

/** What the differential needs of a found citation. */
export interface FoundCitation {
  id: string;
  offset: number;
  line: number;
  column: number;
}

export type Scan = (file: string, text: string) => FoundCitation[];

/** One file's differential; `clean` when TypeScript parses the planted file without an error. */
export interface FileDifference {
  clean: boolean;
  /** Tags planted in comments, and in literals (strings, templates, regular expressions, JSX text). */
  inComments: number;
  inLiterals: number;
  missed: string[];
  counted: string[];
  misplaced: string[];
}

const TAG_DOC = 'dx';

function scriptKind(ts: Ts, file: string): api.ScriptKind {
  const ext = file.slice(file.lastIndexOf('.') + 1);
  if (ext === 'tsx') return ts.ScriptKind.TSX;
  if (ext === 'jsx' || ext === 'js' || ext === 'mjs' || ext === 'cjs') return ts.ScriptKind.JSX;
  return ts.ScriptKind.TS;
}

/** Comment ranges (from TypeScript's own trivia scan around every token of the parse) and literal starts. */
function readByTypeScript(
  ts: Ts,
  file: string,
  text: string,
): { source: api.SourceFile; comments: [number, number][]; literals: number[]; clean: boolean } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(ts, file));
  const clean = (source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length === 0;
  const comments = new Map<number, number>();
  const literals: number[] = [];
  const S = ts.SyntaxKind;
  // Every comment is trivia before some token: TypeScript's trailing ranges at a
  // token's full start hold those on the previous token's line, its leading ranges the rest.
  const starts = new Set<number>();
  // JSX text has no trivia: a `//` in it is text (and a list of children starts where it does).
  const jsxText = new Set<number>();
  // An explicit stack: real files nest deeper than the call stack allows.
  const todo: api.Node[] = [source];
  while (todo.length > 0) {
    const node = todo.pop()!;
    switch (node.kind) {
      case S.StringLiteral:
      case S.NoSubstitutionTemplateLiteral:
      case S.TemplateHead:
      case S.TemplateMiddle:
      case S.TemplateTail:
      case S.RegularExpressionLiteral:
        literals.push(node.getStart(source) + 1);
        break;
      case S.JsxText:
        if (node.end > node.pos) literals.push(node.pos);
        jsxText.add(node.pos);
        break;
      case S.JsxTextAllWhiteSpaces:
        jsxText.add(node.pos);
        break;
      default:
        break;
    }
    starts.add(node.pos);
    if (node.kind >= S.FirstToken && node.kind <= S.LastToken) continue;
    // A JSDoc comment's type expressions (`{`${string}`}`) are inside a comment: planted as comment text, not as literals.
    if (node.kind >= S.FirstJSDocNode && node.kind <= S.LastJSDocNode) continue;
    const children = node.getChildren(source);
    for (let i = children.length - 1; i >= 0; i--) todo.push(children[i]!);
  }
  for (const pos of starts) {
    if (jsxText.has(pos)) continue;
    for (const r of ts.getTrailingCommentRanges(text, pos) ?? []) comments.set(r.pos, r.end);
    for (const r of ts.getLeadingCommentRanges(text, pos) ?? []) comments.set(r.pos, r.end);
  }
  const sorted = [...comments].sort((a, b) => a[0] - b[0]);
  return { source, comments: sorted, literals, clean };
}

/**
 * Where tags go: every place (the default), or, `sparse`, one place in
 * `stride` from `offset` on, so that most of a file's brace regions hold
 * no tag and the scan's jumps over them are put to the test too.
 */
export interface Planting {
  stride: number;
  offset: number;
}

/** Plants the tags, scans the planted text with `scan`, and judges what it found against TypeScript. */
// @implements scanner#DIFFERENTIAL
export function differential(
  ts: Ts,
  scan: Scan,
  file: string,
  text: string,
  sparse?: Planting,
): FileDifference {
  const original = readByTypeScript(ts, file, text);
  const all: { at: number; comment: boolean }[] = [];
  for (const [start] of original.comments) all.push({ at: start + 2, comment: true });
  for (const at of original.literals) all.push({ at, comment: false });
  all.sort((a, b) => a.at - b.at);
  const places = sparse ? all.filter((_, n) => n % sparse.stride === sparse.offset % sparse.stride) : all;
  // The planted text, and where each tag's `@` landed in it.
  let planted = '';
  let from = 0;
  const tags: { id: string; offset: number }[] = [];
  places.forEach((place, n) => {
    if (place.at < from || place.at > text.length) return;
    planted += text.slice(from, place.at);
    const id = `${place.comment ? 'C' : 'L'}${n}`;
    tags.push({ id, offset: planted.length });
    planted += `@implements ${TAG_DOC}#${id} `;
    from = place.at;
  });
  planted += text.slice(from);
  const after = readByTypeScript(ts, file, planted);
  const found = new Map<string, FoundCitation>();
  for (const c of scan(file, planted)) found.set(c.id, c);
  const out: FileDifference = {
    clean: original.clean && after.clean,
    inComments: 0,
    inLiterals: 0,
    missed: [],
    counted: [],
    misplaced: [],
  };
  let k = 0;
  for (const tag of tags) {
    while (k < after.comments.length && after.comments[k]![1] <= tag.offset) k++;
    const inComment = k < after.comments.length && after.comments[k]![0] <= tag.offset;
    const hit = found.get(tag.id);
    if (inComment) {
      out.inComments++;
      if (hit === undefined) out.missed.push(`${file}:${where(after.source, tag.offset)}`);
      else {
        const expected = where(after.source, tag.offset);
        const got = `${hit.line}:${hit.column}`;
        if (got !== expected) out.misplaced.push(`${file}: at ${expected}, reported ${got}`);
      }
    } else {
      out.inLiterals++;
      if (hit !== undefined) out.counted.push(`${file}:${where(after.source, tag.offset)}`);
    }
  }
  return out;
}

/** TypeScript's 1-based line and column of an offset. */
function where(source: api.SourceFile, offset: number): string {
  const { line, character } = source.getLineAndCharacterOfPosition(offset);
  return `${line + 1}:${character + 1}`;
}

/** Totals over many files: the confusion table, clean-parsing files apart from the rest. */
export interface DifferentialTable {
  files: number;
  cleanFiles: number;
  clean: Omit<FileDifference, 'clean'>;
  unclean: Omit<FileDifference, 'clean'>;
}

export function emptyTable(): DifferentialTable {
  const zero = () => ({ inComments: 0, inLiterals: 0, missed: [], counted: [], misplaced: [] });
  return { files: 0, cleanFiles: 0, clean: zero(), unclean: zero() };
}

export function addToTable(table: DifferentialTable, diff: FileDifference): void {
  table.files++;
  if (diff.clean) table.cleanFiles++;
  const into = diff.clean ? table.clean : table.unclean;
  into.inComments += diff.inComments;
  into.inLiterals += diff.inLiterals;
  into.missed.push(...diff.missed);
  into.counted.push(...diff.counted);
  into.misplaced.push(...diff.misplaced);
}

/** The table as printed lines. */
export function formatTable(table: DifferentialTable): string[] {
  const row = (name: string, files: number, t: DifferentialTable['clean']) =>
    `${name.padEnd(22)} ${String(files).padStart(7)} ${String(t.inComments).padStart(10)} ${String(t.inLiterals).padStart(10)} ${String(t.missed.length).padStart(7)} ${String(t.counted.length).padStart(8)} ${String(t.misplaced.length).padStart(10)}`;
  return [
    `${'files'.padEnd(22)} ${'count'.padStart(7)} ${'comment'.padStart(10)} ${'literal'.padStart(10)} ${'missed'.padStart(7)} ${'counted'.padStart(8)} ${'misplaced'.padStart(10)}`,
    row('parse cleanly', table.cleanFiles, table.clean),
    row('parse with errors', table.files - table.cleanFiles, table.unclean),
  ];
}
