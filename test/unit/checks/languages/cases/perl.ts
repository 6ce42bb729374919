/** Perl's case table (POD blocks, `#` comments, quoted strings). */
import { perl } from '../../../../../checks/scan/languages/perl.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: perl,
  file: 'a.pl',
  cases: [
    ['POD is a comment', '=pod\n\n@implements doc#A\n\n=cut\nmy $s = "# @implements doc#NOT";\n', ['A']],
  ],
  comments: ['# @@', '=head1 X\n\n@@\n\n=cut'],
  texts: ['my $s = "# @@";', "my $s = '# @@';"],
  code: ['my $x = 1;'],
  separators: ['\n'],
};
