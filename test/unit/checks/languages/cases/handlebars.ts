// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the language's own interpolation, written as text on purpose
/** Handlebars' case table (its comments, and the emitted JavaScript's). */
import { handlebars } from '../../../../../checks/scan/languages/handlebars.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: handlebars,
  file: 'templates/a.ts.hbs',
  cases: [
    [
      'a template literal holds code',
      '// biome-ignore\nconst s = `${"`"} // @implements doc#NOT`;\n{{!-- @implements doc#A --}}\n',
      ['A'],
    ],
  ],
  comments: ['{{! @@ }}', '{{!-- @@ --}}', '// @@', '/* @@ */'],
  texts: ['const s = "// @@";', "const s = '/* @@';", 'const s = `// @@`;', 'const s = `${"`"}// @@`;'],
  code: ['{{value}}', 'const x = 1;'],
};
