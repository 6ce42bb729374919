/**
 * A service unit (kebab-case id) needs no evidence, so one that reads like a
 * requirement silently escapes the gate. Flag it when its prose (code spans
 * aside) uses an RFC 2119 keyword in capitals, or when its own marker puts it
 * in a due stage (`impl/…`, `test/…`, `freeze/…`); a kind line (`req r1`)
 * is structure and never flagged. A warning by default;
 * `--strict` makes it an error (see strictSeverity). Pure.
 */
import type { Diagnostic, Fact, Severity } from './model.ts';

const RFC_2119 = /\b(MUST NOT|MUST|REQUIRED|SHALL NOT|SHALL|SHOULD NOT|SHOULD|RECOMMENDED|MAY|OPTIONAL)\b/;
const DUE_STAGES = new Set(['impl', 'test', 'freeze']);

// @implements reader#LINT-NORMATIVE-SERVICE-UNIT
export function normativeServiceUnit(fact: Fact): Diagnostic | undefined {
  if (fact.factClass !== 'service' || fact.kindLine !== undefined) return undefined;
  // Blanking code spans only takes keywords away (a span's edges are non-word, as the space is):
  // a text with no keyword at all needs no blanked copy.
  const word = RFC_2119.test(fact.text)
    ? RFC_2119.exec(fact.text.replace(/`+[^`]*`+/g, ' '))?.[1]
    : undefined;
  const due = fact.status.origin === 'own' && DUE_STAGES.has(fact.status.stage);
  if (word === undefined && !due) return undefined;
  const why =
    word !== undefined
      ? `says "${word}"`
      : `carries its own status ${fact.status.stage}/${fact.status.state}`;
  return {
    code: 'normative-service-unit',
    severity: 'warning',
    file: fact.file,
    line: fact.line,
    column: fact.column,
    token: `@fact:${fact.id}`,
    message: `\`${fact.id}\` is a service unit (kebab-case id), which needs no evidence, yet it ${why} like a requirement`,
    fix: `did you mean \`@fact:${fact.id.toUpperCase()}\`? An UPPER-SLUG id makes it a normative fact the gate holds to its evidence; otherwise reword it as a note`,
  };
}

/** Under --strict a normative-looking service unit is an error; every other diagnostic keeps its severity. */
export function strictSeverity(diagnostic: Pick<Diagnostic, 'code' | 'severity'>, strict: boolean): Severity {
  return strict && diagnostic.code === 'normative-service-unit' ? 'error' : diagnostic.severity;
}
