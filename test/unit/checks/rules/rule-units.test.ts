/**
 * A rule is one file plus its test: every registered rule has its unit
 * module `checks/rules/<id>.ts` (and every module there is registered), a
 * row in docs/policy.md's rule table, and a test that names it; and no
 * source outside `checks/rules/` spells a rule id as a string, so a rule's
 * identity, severity, text and options have no second place to edit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RULE_UNITS } from '../../../../checks/rules/index.ts';
import { REPO } from '../../../support/cli.ts';
import { filesUnder } from '../../../support/files-under.ts';

const RULES_DIR = join(REPO, 'checks', 'rules');
/** The registry and the unit type: the two modules of checks/rules/ that are not a rule. */
const FRAMEWORK = ['index.ts', 'unit.ts'];
const IDS = RULE_UNITS.map((unit) => unit.id as string);
const posix = (path: string) => relative(REPO, path).split(sep).join('/');

/**
 * Folders the dependency rule keeps below checks/ (they may not import it):
 * the reader defines its diagnostic codes and the generator its error codes
 * there, as their own vocabulary; the gate reports them under those codes.
 */
const OWN_VOCABULARY = ['reader/', 'generator/'];
/** Not source: tests (they name rules to check them), built output, and the rule units themselves. */
const NOT_SCANNED = ['test/', 'dist/', 'coverage/', 'checks/rules/'];

/** Every string literal in a file that is exactly a rule id, with its line. */
function ruleIdLiterals(path: string, text: string): { id: string; line: number }[] {
  if (!IDS.some((id) => text.includes(id))) return [];
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: { id: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) && IDS.includes(node.text)) {
      found.push({ id: node.text, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('rules as units', () => {
  // @verifies trace#RULES-ARE-UNITS
  it('gives every registered rule its own module, exporting the registered unit', async () => {
    for (const unit of RULE_UNITS) {
      const module = (await import(join(RULES_DIR, `${unit.id}.ts`))) as Record<string, unknown>;
      expect(Object.values(module), `checks/rules/${unit.id}.ts exports the unit ${unit.id}`).toContain(unit);
    }
  });

  // @verifies trace#RULES-ARE-UNITS
  it('registers every module of checks/rules/, so no unit is left out of the table', () => {
    const modules = readdirSync(RULES_DIR)
      .filter((name) => name.endsWith('.ts') && !FRAMEWORK.includes(name))
      .map((name) => name.slice(0, -'.ts'.length));
    expect(modules.sort()).toEqual([...IDS].sort());
    expect(new Set(IDS).size).toBe(IDS.length);
  });

  // @verifies trace#RULES-ARE-UNITS
  it('lists every rule in docs/policy.md and names every rule in some test', () => {
    const doc = readFileSync(join(REPO, 'docs', 'policy.md'), 'utf8');
    const table = /<!-- rules:start -->\n([\s\S]*?)<!-- rules:end -->/.exec(doc)?.[1] ?? '';
    const rows = [...table.matchAll(/^\| `([\w-]+)` +\|/gm)].map((m) => m[1]);
    expect(rows).toEqual(IDS);
    const self = posix(__filename);
    // A test's own file or a fixture it reads (the reader's `<!-- expect: CODE -->` lines).
    const tests = filesUnder(join(REPO, 'test'), (path) => posix(path) !== self);
    const named = new Set<string>();
    for (const path of tests) {
      const text = readFileSync(path, 'utf8');
      for (const id of IDS) if (text.includes(id)) named.add(id);
    }
    expect(
      IDS.filter((id) => !named.has(id)),
      'rules no test names',
    ).toEqual([]);
  });

  // @verifies trace#RULES-ARE-UNITS
  it('keeps every rule id string inside checks/rules/ (sources name a rule by its unit)', () => {
    const sources = filesUnder(REPO, (path) => /\.[cm]?[jt]sx?$/.test(path) && !path.endsWith('.d.ts'))
      .map(posix)
      .filter((path) => ![...NOT_SCANNED, ...OWN_VOCABULARY].some((dir) => path.startsWith(dir)));
    expect(sources.length).toBeGreaterThan(100);
    const spelled = sources.flatMap((path) =>
      ruleIdLiterals(path, readFileSync(join(REPO, path), 'utf8')).map(
        (hit) => `${path}:${hit.line} '${hit.id}'`,
      ),
    );
    expect(spelled, 'import the rule unit and use its `.id` instead').toEqual([]);
  });
});
