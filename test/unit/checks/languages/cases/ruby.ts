/** Ruby's case table (heredocs, `=begin`/`=end`, percent literals). */
import { ruby } from '../../../../../checks/scan/languages/ruby.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: ruby,
  file: 'a.rb',
  cases: [
    [
      '=begin blocks are comments, heredocs text',
      's = <<~EOS\n  # @implements doc#NOT\n  EOS\n=begin\n@implements doc#A\n=end\n',
      ['A'],
    ],
    ['def names the method', '# @implements doc#A\ndef greet; end\n', ['A function greet']],
  ],
  comments: ['# @@', '=begin\n@@\n=end'],
  texts: ['s = "# @@"', "s = '# @@'", 's = %q(a (# @@))', 's = <<~EOS\n  # @@\n  EOS'],
  code: ['x = 1'],
  separators: ['\n'],
};
