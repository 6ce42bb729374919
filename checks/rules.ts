/**
 * The one rule table: every rule the gate can report, with its default
 * severity, description, help and general fix, read by SARIF, JUnit, the
 * console, the report page and `check --help`; a finding's own `fix` is the
 * specific remedy, the table's the fallback. Adding a rule is one row: the id
 * joins `RuleId` through the keys, and `satisfies` insists on every field.
 */
import type { DiagnosticCode, Severity } from '../reader/model.ts';
import { UNIT_RULES, type UnitRuleId } from './rules/index.ts';

export interface RuleInfo {
  /** Severity a finding of this rule gets unless it brings its own. */
  severity: Severity;
  /** One line: what the rule catches. */
  description: string;
  /** Why it matters and when it fires. */
  help: string;
  /** What to do about it, in general terms. */
  fix: string;
}

/** Rules the gate raises itself (trace, citations, generated code). */
const GATE_RULES = {
  'missing-implementation': {
    severity: 'error',
    description: 'A fact that needs an implementation has no counted @implements citation.',
    help: 'Due facts (status impl, test or freeze and done) need code that says it implements them; stale, misplaced or void citations do not count.',
    fix: 'add `// @implements DOC#ID` next to the code that does what the fact says',
  },
  'missing-verification': {
    severity: 'error',
    description: 'A fact that needs verification has no counted @verifies citation in a test.',
    help: 'Due facts need a test that proves them; the citation counts only inside the files the `tests` globs select.',
    fix: 'add `// @verifies DOC#ID` inside or right above the test that proves the fact',
  },
  'missing-evidence': {
    severity: 'warning',
    description: 'A fact requires evidence that citations cannot show (e.g. documentation).',
    help: 'A `@requires:` list may name evidence kinds beyond implementation and verification; the gate cannot see them in code.',
    fix: 'check that evidence by hand, or drop the kind from the @requires: list of the fact',
  },
  'unknown-fact': {
    severity: 'error',
    description: 'A citation names no loaded fact.',
    help: 'The reference is malformed, or its id (or document) is not among the loaded specs: a typo, a renamed fact, or a spec left out of the config.',
    fix: 'check the id against `factline facts`, or load the spec that defines it',
  },
  'unknown-namespace': {
    severity: 'error',
    description:
      "A `spec://` citation names a namespace that is neither this project's nor a configured external one.",
    help: "An address in another namespace names another project's fact; it never resolves to a document of ours whose path ends the same way.",
    fix: 'cite the fact by an address of this project, or configure the other namespace under `externalSpecs`',
  },
  'ambiguous-fact': {
    severity: 'error',
    description: 'A bare fact id is defined in more than one loaded spec.',
    help: 'A reference without `DOC#` resolves only while its id is unique over every loaded spec.',
    fix: 'name the document: write the reference as DOC#ID',
  },
  'stale-citation': {
    severity: 'error',
    description: "A citation's pin no longer matches the fact's digest or kind revision.",
    help: 'A pinned citation promises the code was reviewed against one text of the fact; after the fact changed it stops counting until reviewed again.',
    fix: 'review the code against the fact as it now reads, then run `factline pin DOC#ID`',
  },
  'misplaced-citation': {
    severity: 'error',
    description: '@implements in a test file, or @verifies outside test files.',
    help: 'Whether a file is a test comes from the `tests` globs; an implementation claim in a test or a verification claim in code proves nothing.',
    fix: 'move the citation to the implementing code or the proving test, or change its verb',
  },
  'deviation-without-reason': {
    severity: 'error',
    description: '@deviates without reason="…".',
    help: 'A deviation is listed in every report; without its reason nobody can judge it.',
    fix: 'write the reason: `@deviates DOC#ID reason="why the code departs from the fact"`',
  },
  'void-fact-cited': {
    severity: 'error',
    description: 'A citation names a fact whose state is void.',
    help: 'A void fact was withdrawn; code that still cites it claims something the spec no longer asks.',
    fix: 'remove the citation, or cite the fact that replaced it',
  },
  'status-behind-evidence': {
    severity: 'info',
    description: "A fact's status says it is not due, yet code and tests already cite it.",
    help: 'Pending facts need nothing, so evidence for them is not held to account until their status says the work is done.',
    fix: 'if the work is done, mark the fact `@status:impl/done` so the gate holds it to its evidence',
  },
  'spec-diagnostic': {
    severity: 'error',
    description: 'A spec markup problem (older name; diagnostics now report under their own code).',
    help: 'Kept so that readers of older output still find the rule; no current finding uses it.',
    fix: 'run `factline lint` and fix what it prints',
  },
  'verification-failed': {
    severity: 'error',
    description: 'A @verifies citation sits in a test that failed in the given test results.',
    help: 'With --results, a verifying citation counts only when its test passed; a failing test proves nothing.',
    fix: 'make the test pass (the finding names it and its first failure line), or move the citation to a test that passes',
  },
  'verification-skipped': {
    severity: 'error',
    description:
      'A @verifies citation sits in a test that was skipped, todo or pending in the given test results, or, without results, one that never runs as its runner reads the source (it.skip.each, xit, { skip: true }, an .only elsewhere, a pytest skip mark on it, its class or module, #[ignore]).',
    help: 'A skipped test ran no assertion, so it cannot verify the fact.',
    fix: 'un-skip the test and make it pass, or cite the fact from a test that runs',
  },
  'verification-unconfirmed': {
    severity: 'error',
    description:
      "A @verifies citation whose test's outcome the given test results cannot confirm, or, without results, whose test the source cannot tell runs (skipIf(flag), test.fails, it[name], t.skip()).",
    help: 'With --results a citing test counts only when the results name it in its own file and it passed. The message gives the reason: the file is absent from the results (or its runner names no file), no test there has its title, two tests share it, its title is not a literal, or it sits in no test block. Only `"results": {"unconfirmed": "warning"}` lowers it to a warning that keeps the citation counting.',
    fix: "pass the results of the runner that runs this test, from an output that names each test's file, and give the test a literal title",
  },
  'pin-into-unmarked-unit': {
    severity: 'warning',
    description: 'A citation pins a revision (rN) of a heading unit that declares no kind/revision line.',
    help: "vibevm's note for a spec author: the code names a revision the section has not declared yet; the citation still counts.",
    fix: 'give the section a kind line (`req rN` as a fact right under its heading), or drop the pin',
  },
  'moved-fact': {
    severity: 'info',
    description: "A citation names a fact by its old document, which a document's `@aliases:` line took in.",
    help: 'The fact moved with its id, text and status unchanged, so the citation resolves and counts; the old address keeps working only while the alias line stays.',
    fix: 'run `factline pin --moved` to rewrite old addresses to the new ones (or write DOC#ID by hand)',
  },
  'stale-exclude': {
    severity: 'warning',
    description: 'A spec exclusion pattern matches no file any more.',
    help: 'A dead exclusion hides nothing today but would silently hide a spec added under that name later.',
    fix: 'delete the pattern from `specExclude` (spec_exclude in specmap.toml)',
  },
  'nothing-cited': {
    severity: 'warning',
    description: 'The scan found no citation at all in the globs it searched.',
    help: 'A gate that sees nothing passes nothing: most often the source and test globs miss the code.',
    fix: 'point `sources` / `tests` (or scan_roots) at the code that cites the specs',
  },
  'document-uncited': {
    severity: 'warning',
    description: 'A spec with facts that need evidence is not cited anywhere in the globs searched.',
    help: 'A whole document without one citation usually means the globs do not reach its code.',
    fix: 'cite its facts, or check that the globs reach the code that does',
  },
  'baseline-gone': {
    severity: 'info',
    description: 'A finding recorded in the baseline no longer occurs.',
    help: 'The ratchet tightens only when the baseline is refreshed after a fix.',
    fix: 'run `factline baseline` to record the smaller set of findings',
  },
  'generated-drift': {
    severity: 'error',
    description: 'Generated files differ from what the spec and templates produce.',
    help: 'generated/ is committed output; when the spec or a template changed without regenerating, the code no longer says what the spec says.',
    fix: 'run `factline gen` and commit the result',
  },
  'generated-hand-edit': {
    severity: 'error',
    description: 'A generated file was edited by hand.',
    help: 'Hand edits to generated files are lost at the next `factline gen`; the change belongs in the spec or the template.',
    fix: 'move the change into the spec or template, then run `factline gen`',
  },
} as const satisfies Record<string, RuleInfo>;

/** The spec reader's diagnostics, reported by the gate under their own codes (as `factline lint` prints them). */
const SPEC_RULES = {
  'duplicate-id': spec('a fact id is defined twice in one document', 'rename one of the two ids'),
  'unknown-stage': spec('a status names a stage that does not exist', 'use one of the stages the fix names'),
  'unknown-state': spec('a status names a state that does not exist', 'use one of the states the fix names'),
  'unknown-action': spec('a status names an unknown action', 'use one of the actions the fix names'),
  'unknown-audience': spec('a status names an unknown or empty audience', 'name a known audience'),
  'element-missing-attribute': spec(
    'a `<status>` element lacks a required attribute',
    'add the attribute the message names',
  ),
  'malformed-element': spec('an element is not well formed', 'close the element and quote its attributes'),
  'stranded-marker': spec(
    'a status marker belongs to no fact',
    'move it next to a fact anchor or below a heading',
  ),
  'marker-mid-unit': spec(
    'a marker stands mid-unit, where it is not read',
    'put the marker right after the anchor or at the end of the unit',
  ),
  'marked-unit-without-anchor': spec(
    'a unit carries a status marker but no @fact: anchor',
    'add `@fact:ID` as the first token of the unit, or drop the marker',
  ),
  'unclosed-wrapper': spec(
    'a fragment is opened and never closed in its unit',
    'close the `<status>` wrapper in the same unit',
  ),
  'unknown-typed-anchor': spec('an @fact/TYPE: anchor names an unknown type', 'use `@fact/code:`'),
  'typed-anchor-without-fence': spec(
    'an @fact/code: anchor has no fenced code block below it',
    'put the fenced block right below the anchor',
  ),
  'swallowed-anchor': spec(
    'an anchor starts a continuation line and is read as prose of the unit above',
    'leave a blank line before the anchor',
  ),
  'empty-id': spec('an anchor has an empty id', 'write the id right after `@fact:`'),
  'nesting-too-deep': spec(
    'block quotes or list items nest deeper than the reader reads',
    'flatten the nesting (split the list, or use a heading)',
  ),
  'control-character': spec('an id holds a control character', 'remove the control character from the id'),
  'unread-tag': spec(
    'something that looks like a tag (`@status:`, `@requires:`, `@fact:`) is not read as one: wrapped in emphasis or brackets, mis-cased, or a near miss of the keyword',
    'write the tag plainly, in lower case, where the reader takes it',
  ),
  'unknown-evidence-kind': spec(
    '`@requires:` names an evidence kind that does not exist, or none',
    'use the kinds the fix names, separated by commas',
  ),
  'fact-in-heading': spec(
    'an `@fact:` anchor is read as a heading (a `---` or `===` line right under it, or a `#` in front)',
    'leave a blank line before the `---`, or write the fact as a paragraph',
  ),
  'fact-in-html': spec(
    'an `@fact:` anchor or marker stands inside an HTML block, where Markdown is not read',
    'leave blank lines inside the HTML block around the fact, or move it out',
  ),
  'normative-service-unit': {
    severity: 'warning',
    description:
      'Spec: a service unit (kebab-case id) reads like a requirement (an RFC 2119 word or its own impl/… status).',
    help: 'Service units need no evidence, so a requirement written with a kebab-case id is silently never gated; an error under --strict.',
    fix: 'give the unit an UPPER-SLUG id if it is a requirement, or drop the normative wording and status',
  },
} satisfies Record<DiagnosticCode, RuleInfo>;

function spec(what: string, fix: string): RuleInfo {
  return {
    severity: 'error',
    description: `Spec: ${what}.`,
    help: 'A markup problem the spec reader found; `factline lint` prints the same diagnostic.',
    fix,
  };
}

export type RuleId = keyof typeof GATE_RULES | UnitRuleId | DiagnosticCode;

/** The rules written as units (checks/rules/), their rows read from each unit's meta. */
const UNIT_ROWS = Object.fromEntries(
  UNIT_RULES.map((unit) => [
    unit.id,
    {
      severity: unit.meta.severity,
      description: unit.meta.description,
      help: unit.meta.help,
      fix: unit.meta.fix,
    },
  ]),
) as Record<UnitRuleId, RuleInfo>;

// @implements trace#ONE-RULE-TABLE
export const RULES: Readonly<Record<RuleId, RuleInfo>> = {
  ...GATE_RULES,
  ...UNIT_ROWS,
  ...SPEC_RULES,
} satisfies Record<RuleId, RuleInfo>;

/** Every rule id, in table order (gate rules, then the reader's diagnostic codes). */
export const RULE_IDS = Object.keys(RULES) as RuleId[];

/** The fix a reporter shows: the finding's own, else the rule's general one. */
export function fixFor(finding: { rule: RuleId; fix?: string | undefined }): string {
  return finding.fix ?? RULES[finding.rule].fix;
}

/** The rule list of `factline check --help`: one line per rule, severity and description. */
export function ruleListText(indent = '  '): string {
  const width = Math.max(...RULE_IDS.map((id) => id.length));
  return RULE_IDS.filter((id) => id !== 'spec-diagnostic')
    .map((id) => `${indent}${id.padEnd(width)}  ${RULES[id].severity.padEnd(7)}  ${RULES[id].description}`)
    .join('\n');
}
