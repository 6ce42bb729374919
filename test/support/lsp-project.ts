/** The small project the editor server's tests open: one spec, cited code and tests, a results file (removed when the test ends). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSpec } from '../../reader/index.ts';
import { tempProject } from './temp.ts';

export const SPEC = `# Demo

@status:impl/done

## Greeting {#greeting}

@fact:GREETS The greeter says hello to the name it is given.

@fact:SHOUTS The greeter shouts the greeting when asked to.

@fact:WAVES The greeter waves back.
`;

/** 0-based lines of the facts' anchors in SPEC. */
export const LINE = { GREETS: 6, SHOUTS: 8, WAVES: 10 } as const;

export const pinOf = (id: string, spec = SPEC) =>
  parseSpec(spec, { file: 'specs/demo.md', doc: 'demo' })
    .facts.find((f) => f.id === id)!
    .digest.slice(0, 8);

export const GREET_SOURCE = `// @implements demo#GREETS
export function greet(name: string): string {
  return \`hello \${name}\`;
}
`;

export const GREET_TEST = `import { expect, it } from 'vitest';
import { greet } from '../src/greet.ts';

it('greets', () => {
  // @verifies demo#GREETS
  expect(greet('a')).toBe('hello a');
});
`;

/** The demo project on disk; `results` adds a vitest JSON report in which both tests passed. */
export function demoProject(options: { results?: boolean; extra?: Record<string, string> } = {}): string {
  const config: Record<string, unknown> = {
    specs: ['specs/**/*.md'],
    sources: ['src/**/*.ts'],
    tests: ['test/**/*.ts'],
  };
  if (options.results) config.results = ['results.json'];
  const root = tempProject({
    'factline.config.json': JSON.stringify(config),
    'specs/demo.md': SPEC,
    'src/greet.ts': GREET_SOURCE,
    'src/wave.ts': `// @implements demo#WAVES~${pinOf('WAVES')}\nexport const wave = () => 'o/';\n`,
    'test/greet.test.ts': GREET_TEST,
    'test/wave.test.ts': `import { it } from 'vitest';\n\nit('waves', () => {\n  // @verifies demo#WAVES\n});\n`,
    ...(options.extra ?? {}),
  });
  if (options.results) {
    const file = (name: string, title: string) => ({
      name: `${root}/test/${name}`,
      assertionResults: [{ ancestorTitles: [], title, status: 'passed' }],
    });
    writeFileSync(
      join(root, 'results.json'),
      JSON.stringify({ testResults: [file('greet.test.ts', 'greets'), file('wave.test.ts', 'waves')] }),
    );
  }
  return root;
}
