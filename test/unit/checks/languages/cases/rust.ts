/**
 * Rust's comment table, from the Rust Reference, "Lexical structure"
 * (block comments nest; raw strings `r#"…"#`, `br"…"`, `cr"…"` do not
 * escape; strings span lines; a lone `'` is a lifetime).
 */
import { rust } from '../../../../../checks/scan/languages/rust.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: rust,
  file: 'src/lib.rs',
  cases: [
    ['nested block comments', '/* /* */ @implements doc#A */ fn f() {}\n', ['A crate::f']],
    ['a C string raw form does not escape', 'const S: &CStr = cr"C:\\"; // @implements doc#A\n', ['A crate']],
    ['a lifetime opens nothing', "fn f<'a>(x: &'a str) {} // @implements doc#A\n", ['A crate']],
  ],
  comments: ['// @@', '/* @@ */', '/* /* */ @@ */', '/// @@', '/* " */ // @@'],
  texts: [
    '"@@"',
    '"a\\"// @@"',
    'r#"a"// @@"#',
    'br"\\" + "// @@"',
    'cr"\\" + "// @@"',
    'b"/* @@"',
    '"\n// @@\n"',
  ],
  code: ['let x = 1;', "fn f<'a>() {}", 'let e = 1 / 2;'],
};
