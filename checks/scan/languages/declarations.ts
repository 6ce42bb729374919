/** Declaration-line patterns built from a language's keywords and modifiers. */

const NAME = '([A-Za-z_][A-Za-z0-9_]*)';

/**
 * `^ [modifier …] keyword [between] name?`: group 1 the keyword, group 2 the
 * name. `between` is what may stand between them (Go's receiver, Kotlin's
 * type parameters and receiver type).
 */
export function declarationLine(
  keywords: readonly string[],
  modifiers: readonly string[] = [],
  between = '',
): RegExp {
  const mods = modifiers.length > 0 ? `(?:(?:${modifiers.join('|')})\\s+)*` : '';
  return new RegExp(`^\\s*${mods}(${keywords.join('|')})\\b\\s*${between}${NAME}?`);
}

/** The label reads a function as `function NAME` whatever the language calls it. */
export const FUNCTION_ALIAS: Readonly<Record<string, string>> = {
  fn: 'function',
  func: 'function',
  fun: 'function',
  def: 'function',
};

/**
 * A line of annotations before a declaration: `@Test`, `@pytest.mark.skip(…)`,
 * `@Foo(` opening arguments over lines; not `@Test fun f()`, whose
 * declaration stands on the same line.
 */
export const AT_ANNOTATION = /^@[\w.]+(?:\(.*)?$/;

/** An annotation before a declaration on its own line, as a modifier: `@Test fun f()`. */
export const AT_MODIFIER = '@[\\w.]+(?:\\([^)]*\\))?';
