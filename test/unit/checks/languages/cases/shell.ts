/** Shell's case table (POSIX "Token Recognition", "Here-Document"). */
import { shell } from '../../../../../checks/scan/languages/shell.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: shell,
  file: 'a.sh',
  cases: [
    ['a heredoc body is text', 'cat <<EOF\n# @implements doc#NOT\nEOF\n# @implements doc#A\n', ['A']],
    ['`$#` is a parameter', 'echo $# # @implements doc#A\n', ['A']],
  ],
  comments: ['# @@', "# '@@"],
  texts: ['echo "# @@"', "echo '# @@'", "echo $'\\'# @@'", 'echo a#@@', 'cat <<EOF\n# @@\nEOF'],
  code: ['x=1', 'echo $#'],
  separators: ['\n'],
};
