/**
 * YAML's case table, from YAML 1.2.2 ("Comments", "Block Scalars", "Flow
 * Scalars"); the `yaml` package is its oracle too (yaml-oracle.test.ts).
 */
import { yaml } from '../../../../../checks/scan/languages/yaml.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: yaml,
  file: 'ci.yml',
  cases: [
    ['a block scalar is text', 'run: |\n  # @implements doc#NOT\nkey: v # @implements doc#A\n', ['A']],
    ['a plain scalar holds `#` without a space', 'a: b#@implements doc#NOT\n', []],
  ],
  comments: ['# @@', 'k: v # @@', 'k: "a" # @@', "k: 'it''s' # @@"],
  texts: ['k: "# @@"', "k: '# @@'", 'k: |\n  # @@', 'k: >-\n  # @@', 'k: a#@@', "k: 'a # @@'"],
  code: ['a: 1', '- b'].slice(0, 1),
  separators: ['\n'],
};
