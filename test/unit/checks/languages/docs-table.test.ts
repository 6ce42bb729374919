/**
 * The docs' table of languages is the language units' own account of
 * themselves: `docs/citations.md` holds, between its markers, exactly what
 * checks/scan/languages/table.ts renders from the modules, so adding,
 * changing or demoting a language shows in the docs or fails here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isScannable } from '../../../../checks/scan/index.ts';
import { LANGUAGES } from '../../../../checks/scan/languages/index.ts';
import { languagesSection } from '../../../../checks/scan/languages/table.ts';

const REPO = join(import.meta.dirname, '..', '..', '..', '..');
const DOCS = join(REPO, 'docs', 'citations.md');
const START = /<!-- languages:start[^\n]*-->\n\n/;
const END = '\n\n<!-- languages:end -->';

describe('the docs’ table of languages', () => {
  // @verifies scanner#LANGUAGE-UNITS
  // @verifies scanner#SUPPORTED-LANGUAGES
  it('is rendered from the language units (`UPDATE=1` rewrites it between its markers)', () => {
    const docs = readFileSync(DOCS, 'utf8');
    const start = START.exec(docs);
    expect(start, 'docs/citations.md has its languages markers').not.toBeNull();
    const from = start!.index + start![0].length;
    const to = docs.indexOf(END, from);
    const rendered = languagesSection(LANGUAGES);
    if (process.env.UPDATE) writeFileSync(DOCS, docs.slice(0, from) + rendered + docs.slice(to));
    expect(docs.slice(from, to)).toBe(rendered);
  });

  // @verifies scanner#SUPPORTED-LANGUAGES
  it('lists as supported only units that claim it, and every listed extension is scanned', () => {
    const section = languagesSection(LANGUAGES);
    const [table] = section.split('\n\nAlso scanned');
    for (const language of LANGUAGES) {
      expect(table!.includes(`| ${language.name} `), language.name).toBe(language.supported === true);
      for (const ext of language.extensions) expect(isScannable(`a.${ext}`), ext).toBe(true);
    }
    expect(table).not.toMatch(/\| (?:Shell|Ruby|Perl|Handlebars) /);
  });
});
