/**
 * docs/interchange.md played as a project: each export and import prints
 * and exits as shown, and the imported spec holds what the page shows.
 */
import { describe, it } from 'vitest';
import { walkThrough } from './doc-examples.ts';

// @verifies interchange#IMPORT-HIERARCHY-AS-HEADINGS
describe('docs/interchange.md, played as a project', () => {
  const page = walkThrough('interchange.md');
  it.each(page.cases)('the command at line %i (factline %s) runs as shown', async (_, _args, step) => {
    await page.play(step);
  });
});
