/**
 * `factline gen` end to end, in-process: a temp project holding this repo's
 * config, spec, templates and fixture server (node_modules linked), real
 * files compared byte for byte.
 */
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../reader/index.ts';
import { runInProcess } from '../support/cli.ts';
import { copyRepo, snapshot, templatesOf } from '../support/gen-project.ts';

const gen = (cwd: string, ...args: string[]) => runInProcess(cwd, ['gen', ...args]);

/**
 * Every place a template asks for fact `id`, as `templates/x.ts:LINE:COL`: a
 * `spec.value('ID'` placeholder (at `spec`) or an implementing comment citing `DOC#ID` (at `//`).
 */
function callSites(dir: string, id: string, only?: 'value'): string[] {
  const forms = [
    `spec\\.value\\('${id}'`,
    ...(only ? [] : [`// @implements [a-z-]+#${id}(?:~[0-9a-f]{8})?$`]),
  ];
  const sites: string[] = [];
  for (const name of templatesOf(dir)) {
    readFileSync(join(dir, 'templates', name), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const m of text.matchAll(new RegExp(forms.join('|'), 'g'))) {
          sites.push(`templates/${name}:${i + 1}:${m.index + 1}`);
        }
      });
  }
  return sites;
}

describe('factline gen on the real templates', () => {
  // @verifies generator#GEN-STABLE-FORMAT
  // @verifies generator#GEN-HAND-EDITS-ARE-REFUSED
  // @verifies generator#GEN-CHECK-REPORTS-EVERY-DRIFT
  // @verifies generator#GEN-ORPHANS-ARE-DELETED
  it('writes identical bytes twice, refuses a hand edit until --force, and deletes the orphan of a removed template', async () => {
    const dir = copyRepo();
    const first = await gen(dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const before = snapshot(dir);
    expect(Object.keys(before).length).toBe(templatesOf(dir).length);

    const second = await gen(dir);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`0 written, 0 deleted, ${templatesOf(dir).length} unchanged`);
    expect(snapshot(dir)).toEqual(before);
    expect((await gen(dir, '--check')).code).toBe(0);

    const victim = Object.keys(before).sort()[0]!;
    const victimPath = join(dir, 'generated', victim);
    const edited = before[victim]!.replace(/\n$/, '\nexport const handEdit = 1;\n');
    writeFileSync(victimPath, edited);
    // The edit sits after the last line gen wrote: that is where both reports point.
    const editLine = before[victim]!.split('\n').length;
    const refused = await gen(dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`generated/${victim}:${editLine}:1: error generated-hand-edit`);
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(victimPath, 'utf8')).toBe(edited);

    const check = await gen(dir, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`generated/${victim}:${editLine}:1: error generated-hand-edit`);
    expect(readFileSync(victimPath, 'utf8')).toBe(edited);

    const forced = await gen(dir, '--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(victimPath, 'utf8')).toBe(before[victim]);

    const keep = join(dir, 'generated', 'hand-written-note.ts');
    writeFileSync(keep, 'export const note = 1;\n');
    const dropped = templatesOf(dir).at(-1)!;
    unlinkSync(join(dir, 'templates', dropped));
    const driftCheck = await gen(dir, '--check');
    expect(driftCheck.code).toBe(1);
    const orphan = `generated/${dropped}`;
    expect(driftCheck.stdout).toContain(`${orphan}:1:1: error generated-drift ${orphan} is orphaned`);
    expect(existsSync(join(dir, orphan))).toBe(true);
    const pruned = await gen(dir);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toContain(`deleted ${orphan}`);
    expect(existsSync(join(dir, orphan))).toBe(false);
    expect(existsSync(keep)).toBe(true);
  }, 180_000);

  // @verifies generator#GEN-UNKNOWN-FACT-SUGGESTS-NEAREST
  // @verifies generator#GEN-ALL-ERRORS-BEFORE-ANY-WRITE
  it('fails naming every template file:line:col when a cited fact is removed, and suggests the id for a typo', async () => {
    const dir = copyRepo();
    expect((await gen(dir)).code).toBe(0);
    const before = snapshot(dir);
    const specPath = join(dir, 'specs', 'mcp-core.md');
    const original = readFileSync(specPath, 'utf8');
    const spec = parseSpec(original, { file: 'specs/mcp-core.md', doc: 'mcp-core' });
    const fact = spec.facts.find((f) => f.id === 'ANSWERED-PROTOCOL-REVISION')!;
    const sites = callSites(dir, fact.id);
    expect(sites.length).toBeGreaterThan(0);

    const lines = original.split('\n');
    lines.splice(fact.line - 1, fact.endLine - fact.line + 1);
    writeFileSync(specPath, lines.join('\n'));
    const removed = await gen(dir);
    expect(removed.code).toBe(1);
    for (const site of sites) {
      expect(removed.stderr).toContain(
        `${site}: error unknown-fact mcp-core#ANSWERED-PROTOCOL-REVISION is not a fact`,
      );
    }
    expect(removed.stderr).toContain('nothing written');
    expect(snapshot(dir)).toEqual(before);

    writeFileSync(specPath, original);
    const [template, line, col] = callSites(dir, 'METHOD-PING', 'value')[0]!.split(':');
    const templatePath = join(dir, template!);
    writeFileSync(
      templatePath,
      readFileSync(templatePath, 'utf8').replace("spec.value('METHOD-PING'", "spec.value('METHOD-PIGN'"),
    );
    const typo = await gen(dir);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      `${template}:${line}:${col}: error unknown-fact mcp-core#METHOD-PIGN is not a fact of specs/mcp-core.md; did you mean \`METHOD-PING\``,
    );
  }, 180_000);
});

describe('factline gen usage and input errors', () => {
  it('exits 2 naming the problem for a bad flag, an unreadable spec or a missing templates directory', async () => {
    const dir = copyRepo();
    const flag = await gen(dir, '--chek');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('unknown option `--chek`; did you mean `--check`?');
    writeFileSync(
      join(dir, 'alt.json'),
      JSON.stringify({ generate: { spec: 'specs/nope.md', templates: 'templates', out: 'generated' } }),
    );
    const spec = await gen(dir, '--config', 'alt.json');
    expect(spec.code).toBe(2);
    expect(spec.stderr).toContain('cannot read the spec specs/nope.md');
    writeFileSync(
      join(dir, 'alt.json'),
      JSON.stringify({ generate: { spec: 'specs/mcp-core.md', templates: 'tmpl', out: 'generated' } }),
    );
    const templates = await gen(dir, '--config', 'alt.json');
    expect(templates.code).toBe(2);
    expect(templates.stderr).toContain('templates directory tmpl does not exist');
    expect(existsSync(join(dir, 'generated'))).toBe(false);
  });
});
