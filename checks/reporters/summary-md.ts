/**
 * `check --summary FILE`: Markdown for `$GITHUB_STEP_SUMMARY` and
 * pull-request comments: the verdict, the counts, and with a base the delta
 * and the new and fixed findings, each linked to its file and line. Pure: the
 * caller says where links point.
 */
import { type BaseDelta, failsAgainstBase, type SideCounts, sideCounts } from '../base-delta.ts';
import type { Finding, TraceResult } from '../model.ts';
import { verdictOf } from '../verdict.ts';
import { STATIC_CHECK_NOTE } from './console.ts';
import { mdCode, mdHref, mdText } from './escape/markdown.ts';

export interface SummaryOptions {
  /** Prefix a repository-relative path is appended to for a link (`https://host/o/r/blob/SHA/`); absent: no links. */
  linkBase?: string;
  /** The project root's path inside the repository (`''` at its top), put before each finding's path. */
  rootInRepo?: string;
}

/** At most this many findings per list; the rest are counted. */
const LIST_LIMIT = 50;

function place(f: Finding, options: SummaryOptions): string {
  const label = `${f.file}:${f.line}`;
  if (options.linkBase === undefined) return mdCode(label);
  const path = `${options.rootInRepo ? `${options.rootInRepo}/` : ''}${f.file}`;
  const href = `${options.linkBase}${mdHref(path)}#L${f.line}`;
  return `[${mdText(label)}](${href})`;
}

function findingList(title: string, findings: readonly Finding[], options: SummaryOptions): string[] {
  if (findings.length === 0) return [];
  const shown = findings
    .slice(0, LIST_LIMIT)
    .map((f) => `- **${f.severity}** ${mdCode(f.rule)} ${place(f, options)}: ${mdText(f.message)}`);
  const more = findings.length > LIST_LIMIT ? [`- … and ${findings.length - LIST_LIMIT} more`] : [];
  return ['', `### ${title} (${findings.length})`, '', ...shown, ...more];
}

const COUNT_ROWS: [string, keyof SideCounts][] = [
  ['facts', 'facts'],
  ['verified', 'verified'],
  ['gaps', 'gaps'],
  ['errors', 'errors'],
  ['warnings', 'warnings'],
];

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** A verdict without results is static: the reader of a green summary learns that no test was run for it. */
// @implements results#STATIC-CHECK-SAYS-STATIC
function staticNote(result: TraceResult): string[] {
  return result.outcomes === undefined || !result.outcomes.checked
    ? ['', mdText(`Note: ${STATIC_CHECK_NOTE}.`)]
    : [];
}

/** Rules the config re-graded or turned off: a reviewer sees them beside the verdict they shape. */
function ruleNote(result: TraceResult): string[] {
  const settings = result.ruleSettings ?? [];
  if (settings.length === 0) return [];
  return [
    '',
    `Rules set by the config: ${settings.map((s) => `${mdCode(s.rule)} ${mdText(s.setting)}`).join(', ')}`,
  ];
}

// @implements cli#SUMMARY-MARKDOWN
// @implements trace#CONFIG-RULE-SEVERITY
export function renderSummaryMarkdown(
  result: TraceResult,
  delta: BaseDelta | undefined,
  options: SummaryOptions = {},
): string {
  const head = sideCounts(result.summary);
  if (delta === undefined) {
    const ok = verdictOf(result) === 'clean';
    const lines = [
      `## factline: ${ok ? '✅ OK' : `❌ ${head.errors} error(s)`}`,
      '',
      '| facts | verified | gaps | errors | warnings |',
      '| ---: | ---: | ---: | ---: | ---: |',
      `| ${head.facts} | ${head.verified} | ${head.gaps} | ${head.errors} | ${head.warnings} |`,
      ...staticNote(result),
      ...ruleNote(result),
      ...findingList(
        'Findings',
        result.findings.filter((f) => f.severity !== 'info'),
        options,
      ),
    ];
    return `${lines.join('\n')}\n`;
  }
  const ref = mdCode(delta.ref);
  const newErrors = delta.added.filter((f) => f.severity === 'error').length;
  const lines = [
    `## factline: ${failsAgainstBase(delta) ? `❌ ${newErrors} new error(s) since ${ref}` : `✅ no new error since ${ref}`}`,
    '',
    ...(delta.baseNote ? [mdText(delta.baseNote), ''] : []),
    `| | ${ref} (${delta.commit.slice(0, 12)}) | this change | delta |`,
    '| --- | ---: | ---: | ---: |',
    ...COUNT_ROWS.map(
      ([label, key]) =>
        `| ${label} | ${delta.base[key]} | ${delta.head[key]} | ${signed(delta.head[key] - delta.base[key])} |`,
    ),
    ...staticNote(result),
    ...ruleNote(result),
    ...findingList('New findings', delta.added, options),
    ...(delta.unknownOnBase !== undefined
      ? findingList(
          `Unknown on the base (no test results for ${ref} were given: pass \`--base-results\` to judge them)`,
          delta.unknownOnBase,
          options,
        )
      : []),
    ...findingList('Fixed findings', delta.fixed, options),
  ];
  return `${lines.join('\n')}\n`;
}
