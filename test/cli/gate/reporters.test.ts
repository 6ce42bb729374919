/**
 * Reporter outputs as their consumers read them: SARIF against the published
 * 2.1.0 JSON schema (shipped in @microsoft/jest-sarif), JUnit through an XML
 * parser, GitHub workflow commands, the console line format.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../checks/model.ts';
import { REPORTERS } from '../../../checks/reporters/index.ts';
import { RULE_IDS, RULES, type RuleId } from '../../../checks/rules.ts';
import { emptyStateCounts } from '../../../checks/states.ts';
import { DIAGNOSTIC_CODES } from '../../../reader/model.ts';
import { checkJson, copyFixture, FIXTURES, REPO, runInProcess } from '../../support/cli.ts';

const SCHEMA = join(REPO, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

async function failing(): Promise<TraceResult> {
  // Three errors and one info across spec and source files.
  const dir = copyFixture('stale-citation');
  return (await checkJson(dir)).result;
}

describe.skipIf(!existsSync(SCHEMA))('SARIF', () => {
  if (!existsSync(SCHEMA)) console.log(`note: SARIF schema test skipped, ${SCHEMA} is not installed`);

  // @verifies trace#GATE-CI-OUTPUTS
  it('validates against the SARIF 2.1.0 JSON schema with one result per finding', async () => {
    const schema = JSON.parse(readFileSync(SCHEMA, 'utf8'));
    // The published schema is draft-04 (`id`); ajv 8 reads it as draft-07 once
    // the root keywords are renamed (it uses no other draft-04-only keyword).
    delete schema.$schema;
    schema.$id = schema.id;
    delete schema.id;
    // unicodeRegExp off: the schema's language pattern has a stray `]` that only the u flag rejects.
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    // ajv-formats is CommonJS: its default export arrives wrapped under NodeNext.
    type AddFormats = (a: Ajv) => Ajv;
    const wrapped = formats as unknown as { default?: AddFormats };
    const addFormats = wrapped.default ?? (formats as unknown as AddFormats);
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const result = await failing();
    const log = JSON.parse(REPORTERS.sarif(result));
    const ok = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // The schema does reject a wrong log, so the pass above means something.
    expect(validate({ ...log, runs: [{ ...log.runs[0], results: [{ message: {} }] }] })).toBe(false);
    expect(log.version).toBe('2.1.0');
    const results = log.runs[0].results;
    expect(results).toHaveLength(result.findings.length);
    expect(results[1]).toMatchObject({
      ruleId: 'stale-citation',
      level: 'error',
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'src/wire.ts', uriBaseId: '%SRCROOT%' },
            region: { startLine: 1, startColumn: 4 },
          },
        },
      ],
    });
    const rules = log.runs[0].tool.driver.rules.map((r: { id: string }) => r.id);
    expect(results.every((r: { ruleId: string; ruleIndex: number }) => rules[r.ruleIndex] === r.ruleId)).toBe(
      true,
    );
  });

  it("names the reader's diagnostic code as the SARIF rule of a spec diagnostic", async () => {
    const { result } = await checkJson(copyFixture('spec-diagnostic'));
    const run = JSON.parse(REPORTERS.sarif(result)).runs[0];
    const res = run.results.find((r: { ruleId: string }) => r.ruleId === 'duplicate-id');
    expect(res.locations[0].physicalLocation.region.startLine).toBe(11);
    const rule = run.tool.driver.rules[res.ruleIndex];
    expect(rule.id).toBe('duplicate-id');
    expect(rule.shortDescription.text).toContain('defined twice');
  });

  it('a clean run is still a valid log with no results', async () => {
    const { result } = await checkJson(copyFixture('clean'));
    expect(JSON.parse(REPORTERS.sarif(result)).runs[0].results).toEqual([]);
  });
});

describe('JUnit', () => {
  // @verifies trace#GATE-CI-OUTPUTS
  it('parses as XML with one test case per fact that needs evidence, failures for the gaps', async () => {
    const result = await failing();
    const xml = REPORTERS.junit(result);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const [suite, extra] = [doc.testsuites.testsuite].flat();
    const cases = [suite.testcase].flat();
    const required = result.facts.filter((f) => f.required.length > 0).map((f) => f.id);
    expect(cases.map((c: { name: string }) => c.name)).toEqual(required);
    expect(required).toEqual(['WIRE-ONE', 'WIRE-TWO']);
    const one = cases.find((c: { name: string }) => c.name === 'WIRE-ONE');
    expect(one.failure.message).toBe('demo#WIRE-ONE: missing-implementation');
    expect(one.failure['#text']).toContain('src/wire.ts:1:4: stale-citation');
    expect(cases.find((c: { name: string }) => c.name === 'WIRE-TWO').failure).toBeUndefined();
    // WIRE-TWO is covered, yet its stale citation fails the gate: the extra case carries it.
    expect(extra.testcase.name).toBe('findings not tied to a required fact');
    expect(extra.testcase.failure['#text']).toContain('src/wire.ts:7:6: stale-citation');
    expect(doc.testsuites.failures).toBe('2');
  });

  // @verifies trace#GATE-CI-OUTPUTS
  it('lists error findings no fact case shows in one failing `factline` case', async () => {
    const dir = copyFixture('unknown-fact');
    const junit = join(dir, 'out', 'junit.xml');
    const r = await runInProcess(dir, ['check', '--no-cache', '--junit', junit]);
    expect(r.code).toBe(1);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(junit, 'utf8'),
    );
    const cases = [doc.testsuites.testsuite]
      .flat()
      .flatMap((suite: { testcase: unknown }) => [suite.testcase].flat()) as {
      classname: string;
      name: string;
      failure?: { message: string; '#text': string };
    }[];
    const loose = cases.find((c) => c.classname === 'factline')!;
    expect(loose.name).toBe('findings not tied to a required fact');
    const unknown = JSON.parse(
      (await runInProcess(dir, ['check', '--json', '--no-cache'])).stdout,
    ).findings.filter((f: { rule: string }) => f.rule === 'unknown-fact');
    expect(unknown.length).toBeGreaterThan(0);
    for (const f of unknown)
      expect(loose.failure!['#text']).toContain(`${f.file}:${f.line}:${f.column}: unknown-fact`);
    expect(Number(doc.testsuites.failures)).toBe(cases.filter((c) => c.failure).length);
  });

  it('a JUnit file shows failures whenever the gate exits 1, on every fixture', async () => {
    const exits: string[] = [];
    for (const name of readdirSync(FIXTURES).sort()) {
      const dir = copyFixture(name);
      const junit = join(dir, 'junit.xml');
      // A vibevm fixture is read through its own specmap.toml (without a config there is no spec to gate).
      const config = existsSync(join(dir, 'specmap.toml')) ? ['--config', 'specmap.toml'] : [];
      const r = await runInProcess(dir, ['check', '--no-cache', '--junit', junit, ...config]);
      const failures = Number(/<testsuites [^>]*failures="(\d+)"/.exec(readFileSync(junit, 'utf8'))![1]);
      exits.push(`${name} ${r.code} ${r.code === 1 ? failures > 0 : failures === 0}`);
    }
    expect(exits.filter((e) => e.endsWith(' false'))).toEqual([]);
    expect(exits.filter((e) => / 1 /.test(e)).length).toBeGreaterThan(5);
  });

  it('leaves out facts that need nothing (pending, service, void)', async () => {
    const { result } = await checkJson(copyFixture('clean'));
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      REPORTERS.junit(result),
    );
    const names = [doc.testsuites.testsuite.testcase].flat().map((c: { name: string }) => c.name);
    expect(names).toEqual(['WIRE-ONE', 'WIRE-TWO', 'WIRE-CODE-ONLY', 'WIRE-BENT']);
  });
});

describe('console and GitHub', () => {
  it('prints every finding as file:line:col: severity rule message, with its fix, and per-document counts', async () => {
    const result = await failing();
    const text = REPORTERS.console(result, { color: false });
    expect(text).toContain('src/wire.ts:1:4: error stale-citation @implements demo#WIRE-ONE~00000000');
    expect(text).toContain('  fix: review this code against the fact, then run `factline pin demo#WIRE-ONE`');
    expect(text).toMatch(/^demo \(specs\/demo\.md\): 3 facts, 2 required/m);
    expect(text).not.toContain('\u001b[');
    expect(REPORTERS.console(result, { color: true })).toContain('\u001b[31merror\u001b[0m');
  });

  // @verifies trace#GATE-CI-OUTPUTS
  it('writes one escaped ::error workflow command per error finding', async () => {
    const result = await failing();
    const lines = REPORTERS.github(result).trimEnd().split('\n');
    expect(lines).toHaveLength(result.findings.length);
    expect(lines[1]).toMatch(/^::error file=src\/wire\.ts,line=1,col=4,title=factline stale-citation::/);
    expect(lines[1]).toContain('%0Afix: ');
  });
});

describe('the rule table', () => {
  // A finding with no fix of its own: every reporter shows the rule's general fix.
  const bare: TraceResult = {
    summary: {
      facts: 0,
      required: 0,
      gaps: 0,
      states: emptyStateCounts(),
      findings: { error: 1, warning: 0, info: 0 },
    },
    documents: [],
    facts: [],
    citations: [],
    findings: [
      {
        rule: 'generated-drift',
        severity: 'error',
        file: 'generated/server.ts',
        line: 1,
        column: 1,
        message: 'differs',
      },
    ],
  };

  // @verifies trace#ONE-RULE-TABLE
  it("holds every gate rule and every reader diagnostic code; SARIF's rule metadata is the table's rows", () => {
    for (const code of DIAGNOSTIC_CODES) expect(RULE_IDS).toContain(code);
    expect(new Set(RULE_IDS).size).toBe(RULE_IDS.length);
    const driver = JSON.parse(REPORTERS.sarif(bare)).runs[0].tool.driver;
    expect(driver.rules.map((r: { id: string }) => r.id)).toEqual([...RULE_IDS].sort());
    for (const rule of driver.rules) {
      const row = RULES[rule.id as RuleId];
      expect(rule.shortDescription.text).toBe(row.description);
      expect(rule.fullDescription.text).toBe(row.help);
      expect(rule.help.text).toBe(`fix: ${row.fix}`);
      expect(rule.defaultConfiguration.level).toBe(row.severity === 'info' ? 'note' : row.severity);
    }
  });

  // @verifies trace#ONE-RULE-TABLE
  it("shows the rule's fix for a finding that brings none, in the console, JUnit, GitHub and SARIF", () => {
    const fix = RULES['generated-drift'].fix;
    expect(REPORTERS.console(bare)).toContain(`  fix: ${fix}`);
    expect(REPORTERS.junit(bare)).toContain(`fix: ${fix}`);
    expect(REPORTERS.github(bare)).toContain(`%0Afix: ${fix}`);
    expect(JSON.parse(REPORTERS.sarif(bare)).runs[0].results[0].message.text).toBe(`differs\nfix: ${fix}`);
  });

  // @verifies trace#ONE-RULE-TABLE
  it('`factline check --help` lists every current rule with its default severity and description', async () => {
    const help = await runInProcess(REPO, ['check', '--help']);
    expect(help.code).toBe(0);
    for (const id of RULE_IDS.filter((r) => r !== 'spec-diagnostic')) {
      expect(help.stdout).toMatch(
        new RegExp(`\\n  ${id} +${RULES[id].severity} +${escapeRegExp(RULES[id].description)}\\n`),
      );
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
