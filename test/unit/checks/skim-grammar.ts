// biome-ignore-all lint/suspicious/noTemplateCurlyInString: generated TypeScript holds template literals on purpose
/**
 * TypeScript programs from a small grammar that puts expressions next to
 * type positions (`satisfies`, `as`, annotations, arrow and function types,
 * object types), `for` headers, prefix and postfix `++`/`--`, blocks and
 * arrow bodies, with statements that start with `/` (a regular expression,
 * or a division continuing the last line) and `++`. Strings, templates,
 * regular expressions and comments stand everywhere, so the differential
 * (support/differential.ts) has places to plant tags; TypeScript's parser
 * says which are comments.
 */
import { random } from './languages/compose.ts';

type Gen = () => string;

export function programs(count: number, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  let depth = 0;
  /** A choice of generators, the simple ones only when deep. */
  const choose = (simple: Gen[], nested: Gen[]): string => {
    if (depth > 3) return pick(simple)();
    depth++;
    const out = pick([...simple, ...nested])();
    depth--;
    return out;
  };
  const literal: Gen = () =>
    pick(['"s"', "'s'", '`t`', '`t${x}t`', '/re/', '/[/]"/g', "/'/", '/"/', '/`/', '1', 'x', '{}', '[]']);
  const comment: Gen = () => pick(['/* c */', '/** c */', '// c\n', '']);
  const type: Gen = () =>
    choose(
      [() => 'string', () => '{}', () => 'T', () => '"lit"', () => '`t`', () => '{ a: string }'],
      [
        () => `() => ${type()}`,
        () => `(a: ${type()}) => ${type()}`,
        () => `new () => ${type()}`,
        () => `T<${type()}>`,
        () => `${type()}[]`,
        () => `(${type()}) | ${type()}`,
        () => `{ m(): ${type()}; p: ${type()} }`,
        () => `typeof x`,
      ],
    );
  const expr: Gen = () =>
    choose(
      [literal, () => 'a.b', () => 'f(x)', () => 'x!'],
      [
        () => `${expr()} as ${type()}`,
        () => `${expr()} satisfies ${type()}`,
        () => `<${type()}>${expr()}`,
        () => `(${expr()})`,
        () => `[${expr()}, ${expr()}]`,
        () => `{ a: ${expr()} }`,
        () => `() => {}`,
        () => `() => ${expr()}`,
        () => `(p: ${type()}): ${type()} => ${expr()}`,
        () => `function (): ${type()} { return ${expr()}; }`,
        () => `${expr()} / ${expr()}`,
        () => `${expr()} ${comment()} / ${expr()}`,
        () => `x++`,
        () => `x--`,
        () => `++x`,
        () => `--${pick(['x', '/re/', '/[//]/'])}`,
        () => `++${pick(['/re/', '/[//]/', '/"/'])}`,
        () => `${expr()} ? ${expr()} : ${expr()}`,
        () => `f(${expr()})`,
        () => `new X(${expr()})`,
        () => `typeof ${expr()}`,
      ],
    );
  const statement: Gen = () =>
    choose(
      [
        () => `const v = ${expr()};`,
        () => `x = ${expr()}`,
        () => `/re/.test(s);`,
        () => `/"/;`,
        () => `/[//]/;`,
        () => `++x;`,
        () => `++/"/;`,
        () => `--/[//]/;`,
        () => `for (;;) {}`,
        () => `{}`,
        () => `;`,
      ],
      [
        () => `const v: ${type()} = ${expr()};`,
        () => `let v = ${expr()} as ${type()}`,
        () => `v = ${expr()} satisfies ${type()}`,
        () => `type T = ${type()};`,
        () => `if (${expr()}) ${statement()}`,
        () => `for (let i = ${expr()}; ${expr()}; ${expr()}) ${statement()}`,
        () => `for (; ${pick(['{}', 'x', '[]'])}\n/ 2; ${pick(['{}', 'x++'])}) ${statement()}`,
        () => `function f(p: ${type()}): ${type()} { ${statement()} }`,
        () => `{ ${statement()} }`,
        () => `${expr()}`,
        () => `while (${expr()}) ${statement()}`,
      ],
    );
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let text = '';
    const statements = 1 + Math.floor(next() * 6);
    for (let s = 0; s < statements; s++) {
      text += statement();
      text += pick(['\n', '\n', ';\n', ' ', ` ${comment()}\n`]);
      if (next() < 0.3) text += `${pick(['// c', '/* c */', '/** c */'])}\n`;
    }
    out.push(text);
  }
  return out;
}
