/**
 * Golden outputs of the fixture templates: the diff is the review.
 * `UPDATE=1 npx vitest run test/generator/render/golden.test.ts` rewrites them.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planGeneration } from '../../../../generator/render/index.ts';
import { MINI } from './fixtures/spec-doc.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');

describe('golden outputs of the fixture templates', () => {
  // @verifies generator#GEN-HELPERS-TAKE-VALUES-FROM-FACTS
  // @verifies generator#GEN-HEADER-NAMES-SOURCES-AND-BODY-DIGEST
  it('renders every fixture template to its golden file, byte for byte', () => {
    const templates = readdirSync(join(FIXTURES, 'templates'))
      .sort()
      .map((name) => ({
        path: `templates/${name}`,
        text: readFileSync(join(FIXTURES, 'templates', name), 'utf8'),
      }));
    const plan = planGeneration({
      spec: MINI(),
      templatesDir: 'templates',
      outDir: 'generated',
      templates,
      existing: [],
    });
    expect(plan.errors).toEqual([]);
    expect(plan.outputs.map((o) => o.path)).toEqual(
      templates.map((t) => t.path.replace(/^templates\/(.*)\.hbs$/, 'generated/$1')),
    );
    for (const output of plan.outputs) {
      const golden = join(FIXTURES, output.path.replace(/^generated\//, 'golden/'));
      if (process.env.UPDATE === '1') {
        mkdirSync(join(FIXTURES, 'golden'), { recursive: true });
        writeFileSync(golden, output.text);
      }
      expect(output.text, `${output.path} differs from ${golden} (UPDATE=1 rewrites it)`).toBe(
        readFileSync(golden, 'utf8'),
      );
    }
  });
});
