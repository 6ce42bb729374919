/**
 * Citations in a language unit's file: the comments its grammar (or its own
 * reader) finds, each tag named by the declaration on the first code line
 * after its comment, and marked as test code by the language's test-marker
 * hook.
 */
import { inCommentedOutCode, mayHoldCitations, parseCitations } from '../refs.ts';
import { lineIndex, placed, type ScannedCitation } from '../types.ts';
import { commentSpans, type Span } from './grammar.ts';
import type { Following, Language, TestMarking } from './language.ts';

/** The comments of a file in `language`. */
export function spansOf(text: string, language: Language): Span[] {
  return language.reader ? language.reader(text) : commentSpans(text, language.grammar);
}

/** Whether a trimmed line is a comment line (or a block comment's continuation) in `language`. */
function isCommentLine(trimmed: string, language: Language): boolean {
  const { lineComments, blockComments } = language.grammar;
  if (lineComments.some((c) => trimmed.startsWith(c.open))) return true;
  if (blockComments.some((c) => trimmed.startsWith(c.open))) return true;
  // The middle lines of a `/** … */` block.
  return blockComments.some((c) => c.open === '/*') && trimmed.startsWith('*');
}

/** The declaration on the first code line after `offset`, and the annotation lines before it. */
function following(text: string, offset: number, language: Language): Following {
  const out: Following = { symbol: undefined, annotations: [] };
  const forms = language.declarations;
  const lineEnd = text.indexOf('\n', offset);
  if (lineEnd === -1 || !forms) return out;
  let pos = lineEnd + 1;
  // Decorators and annotations (`@pytest.mark.parametrize(…)`, over several lines too) stand between a comment and its declaration.
  let depth = 0;
  while (pos < text.length) {
    const end = text.indexOf('\n', pos);
    const line = text.slice(pos, end === -1 ? text.length : end);
    const trimmed = line.trim();
    if (forms.annotation && (depth > 0 || forms.annotation.test(trimmed))) {
      if (depth === 0) out.annotations.push(trimmed);
      for (const ch of trimmed) depth += ch === '(' || ch === '[' ? 1 : ch === ')' || ch === ']' ? -1 : 0;
      depth = Math.max(depth, 0);
    } else if (trimmed !== '' && !isCommentLine(trimmed, language)) {
      const m = forms.line.exec(line);
      if (!m) return out;
      const keyword = forms.alias?.[m[1]!] ?? m[1]!;
      out.symbol = m[2] ? `${keyword} ${m[2]}` : keyword;
      out.at = pos;
      return out;
    }
    if (end === -1) return out;
    pos = end + 1;
  }
  return out;
}

// @implements scanner#GATE-SCAN-OTHER-LANGUAGES
// @implements scanner#LANGUAGE-UNITS
export function scanLanguage(text: string, language: Language): ScannedCitation[] {
  if (!mayHoldCitations(text)) return [];
  const spans = spansOf(text, language);
  const at = lineIndex(text);
  const out: ScannedCitation[] = [];
  // The file's test-marker judge, made once, when a citation first asks.
  let marks: ((following: Following) => TestMarking) | undefined;
  for (const span of spans) {
    if (!span.text.includes('@')) continue;
    for (const raw of parseCitations(span.text, span.start)) {
      const cite = placed(raw, at);
      if (!inCommentedOutCode(span.text, raw.offset - span.start)) {
        const next = following(text, raw.offset, language);
        if (next.symbol) cite.symbol = next.symbol;
        if (language.testMarking !== undefined) marks ??= language.testMarking(text);
        const marking = marks?.(next);
        if (marking?.inTest) cite.inTest = true;
        if (marking?.notRun) cite.notRun = marking.notRun;
      }
      out.push(cite);
    }
  }
  return out;
}
