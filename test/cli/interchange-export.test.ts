/**
 * `factline export` on a three-level project with links, attributes and
 * evidence, through the CLI: what each ReqIF object and relation carries,
 * the needs.json shape, and needs.json imported back to the same facts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReqif } from '../../checks/interchange/reqif/read.ts';
import { parseXml } from '../../checks/interchange/xml-tree.ts';
import { runInProcess } from '../support/cli.ts';
import { HAS_XMLLINT, validateReqif } from '../support/shared.ts';
import { tempProject } from '../support/temp.ts';

const CONFIG = JSON.stringify({
  specsRoot: 'specs',
  specs: ['specs/**/*.md'],
  sources: ['src/**/*.js'],
  tests: ['test/**/*.js'],
});
const SYSTEM = `# System

## Braking {#braking}

@fact:SYS-STOP The car **shall** stop from 100 km/h within \`40 m\`. @attr:owner="Ada L." @status:impl/done
`;
const SOFTWARE = `# Software

@fact:SW-BRAKE @refines:system#SYS-STOP The controller applies full pressure. @status:impl/done

@fact:SW-ABS @derives:system#SYS-STOP @refines:system#NOWHERE ABS keeps the wheels turning. @status:spec/work
`;
const SOURCE = '// @implements software#SW-BRAKE\n// @implements system#SYS-STOP\nexport const brake = 1;\n';
const TEST = "// @verifies software#SW-BRAKE\nit('brakes', () => {});\n";

function project(): string {
  return tempProject({
    'factline.config.json': CONFIG,
    'specs/system.md': SYSTEM,
    'specs/software.md': SOFTWARE,
    'src/brake.js': SOURCE,
    'test/brake.test.js': TEST,
  });
}

// @verifies interchange#EXPORT-REQIF-CONTENT
// @verifies interchange#EXPORT-NEEDS-JSON
// @verifies interchange#IMPORT-NEEDS-JSON
describe('factline export', () => {
  it('writes each fact with its text, status, evidence and attributes, each link as a relation', async () => {
    const root = project();
    const run = await runInProcess(root, ['export', '--format', 'reqif', '-o', 'out.reqif'], {
      env: { SOURCE_DATE_EPOCH: '1764676800' },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/specs\/software\.md:5:\d+: warning the link to system#NOWHERE names no fact/);
    const xml = readFileSync(join(root, 'out.reqif'), 'utf8');
    expect(xml).toContain('<CREATION-TIME>2025-12-02T12:00:00Z</CREATION-TIME>');
    const reqif = readReqif(parseXml(xml));
    const values = (id: string) =>
      Object.fromEntries(
        (reqif.objects.find((o) => o.identifier === id)?.values ?? []).map((v) => [v.name, v.value]),
      );
    expect(values('SYS-STOP')).toMatchObject({
      'ReqIF.ForeignID': 'SYS-STOP',
      'ReqIF.Text': 'The car shall stop from 100 km/h within 40 m.',
      'factline.address': 'system#SYS-STOP',
      'factline.status': 'impl/done',
      'factline.evidence': 'missing-verification',
      'factline.required': 'implementation, verification',
      owner: 'Ada L.',
    });
    expect(values('SW-BRAKE')['factline.evidence']).toBe('verified');
    expect(xml).toContain('<xhtml:strong>shall</xhtml:strong>');
    expect(xml).toContain('<xhtml:code>40 m</xhtml:code>');
    expect(reqif.relations.map((r) => [r.source, r.type, r.target])).toEqual([
      ['SW-BRAKE', 'refines', 'SYS-STOP'],
      ['SW-ABS', 'derives', 'SYS-STOP'],
    ]);
    // The heading with no fact of its own is an object of its own, the fact its child.
    expect(
      reqif.specifications.map((s) => [
        s.longName,
        s.children.map((c) => [c.object, c.children.map((k) => k.object)]),
      ]),
    ).toEqual([
      [
        'Software',
        [
          ['SW-BRAKE', []],
          ['SW-ABS', []],
        ],
      ],
      ['System', [['system.braking', ['SYS-STOP']]]],
    ]);
  });

  // @verifies interchange#EXPORT-REQIF-TYPED-ATTRIBUTES
  it.skipIf(!HAS_XMLLINT)(
    'writes attributes with the types the config gives them, and still validates',
    async () => {
      const root = tempProject({
        'factline.config.json': JSON.stringify({
          specs: ['specs/**/*.md'],
          attributes: {
            priority: { enum: ['high', 'low'] },
            risk: 'integer',
            safety: 'boolean',
            weight: 'number',
            level: { range: [1, 4] },
            owner: 'string',
          },
        }),
        'specs/a.md': [
          '# A',
          '',
          '@fact:A-ONE One. @attr:priority=high @attr:risk=3 @attr:safety=true @attr:weight=2.5 @attr:level=4 @attr:owner="Ada L."',
          '',
          '@fact:A-TWO Two. @attr:priority=medium @attr:risk=x @attr:level=9',
          '',
        ].join('\n'),
      });
      const run = await runInProcess(root, ['export', '-o', 'a.reqif']);
      expect(run.code).toBe(0);
      // The values the gate rejects too are left out, each named at its place.
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^specs\/a\.md:5:\d+: warning @attr:priority=medium does not fit/),
        expect.stringMatching(/^specs\/a\.md:5:\d+: warning @attr:risk=x does not fit/),
        expect.stringMatching(/^specs\/a\.md:5:\d+: warning @attr:level=9 does not fit/),
      ]);
      expect(validateReqif(join(root, 'a.reqif')).valid).toBe(true);
      const reqif = readReqif(parseXml(readFileSync(join(root, 'a.reqif'), 'utf8')));
      const kinds = (id: string) =>
        Object.fromEntries(
          (reqif.objects.find((o) => o.identifier === id)?.values ?? [])
            .filter((v) => !v.name.includes('.'))
            .map((v) => [v.name, `${v.kind}:${v.value}`]),
        );
      expect(kinds('A-ONE')).toEqual({
        priority: 'enumeration:high',
        risk: 'integer:3',
        safety: 'boolean:true',
        weight: 'real:2.5',
        level: 'integer:4',
        owner: 'string:Ada L.',
      });
      expect(kinds('A-TWO')).toEqual({});
    },
  );

  it('rejects an unknown format with the near one', async () => {
    const run = await runInProcess(project(), ['export', '--format', 'reqiff']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('did you mean `reqif`?');
  });

  it("writes sphinx-needs' needs.json, and imports it back to the same facts", async () => {
    const root = project();
    const run = await runInProcess(root, ['export', '--format', 'needs-json', '-o', 'needs.json']);
    expect(run.code).toBe(0);
    const file = JSON.parse(readFileSync(join(root, 'needs.json'), 'utf8'));
    expect(file.current_version).toBe('1.0');
    const needs = file.versions['1.0'].needs;
    expect(file.versions['1.0'].needs_amount).toBe(3);
    expect(needs['SW-BRAKE']).toMatchObject({
      id: 'SW-BRAKE',
      type: 'req',
      status: 'impl/done',
      content: 'The controller applies full pressure.',
      docname: 'software',
      links: ['SYS-STOP'],
      evidence: 'verified',
    });
    expect(needs['SYS-STOP']).toMatchObject({
      links_back: ['SW-BRAKE'],
      derives_back: ['SW-ABS'],
      section_name: 'Braking',
      sections: ['Braking', 'System'],
      owner: 'Ada L.',
    });
    expect(needs['SW-ABS'].derives).toEqual(['SYS-STOP']);

    const back = await runInProcess(root, ['import', 'needs.json', '--out', 'specs/again', '--json']);
    expect(back.code).toBe(0);
    const facts = await runInProcess(root, ['facts', 'specs/again', '--json']);
    const read = JSON.parse(facts.stdout) as {
      facts: { id: string; status: { stage: string; state: string } }[];
      diagnostics: unknown[];
    };
    expect(read.diagnostics).toEqual([]);
    expect(read.facts.map((f) => [f.id, `${f.status.stage}/${f.status.state}`]).sort()).toEqual([
      ['SW-ABS', 'spec/work'],
      ['SW-BRAKE', 'impl/done'],
      ['SYS-STOP', 'impl/done'],
    ]);
    const text = readFileSync(join(root, 'specs/again/software.md'), 'utf8');
    expect(text).toContain('@fact:SW-BRAKE @refines:again/system#SYS-STOP');
    expect(text).toContain('@fact:SW-ABS @derives:again/system#SYS-STOP');
    expect(readFileSync(join(root, 'specs/again/system.md'), 'utf8')).toContain('## Braking');
  });
});
