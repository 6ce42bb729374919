/**
 * A TypeScript template runs as it stands: imported by a test, its spec
 * values come from the handle (engine/generate/template-spec.ts), read from
 * the specs. The generated module `gen` wrote from it is the oracle: every
 * value both export is the same, so a test of the template tests what ships.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spec } from '../../../engine/generate/template-spec.ts';

const REPO = join(import.meta.dirname, '..', '..', '..');
const MODULES = readdirSync(join(REPO, 'templates')).filter((name) => name.endsWith('.ts'));

/** A value with its functions and classes named, not compared (they are code, run by the suites that test it). */
function shape(value: unknown, seen = new Set<unknown>()): unknown {
  if (typeof value === 'function') return `function ${value.name}`;
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => shape(v, seen));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v, seen)]));
}

/** The exported data of a module. */
const data = (module: Record<string, unknown>) =>
  shape(Object.fromEntries(Object.entries(module).filter(([, v]) => typeof v !== 'function'))) as Record<
    string,
    unknown
  >;

describe('templates run directly', () => {
  // @verifies generator#TS-TEMPLATE-PLACEHOLDERS
  it.each(MODULES)('%s exports the values of its generated module', async (name) => {
    const template = data(await import(join(REPO, 'templates', name)));
    const generated = data(await import(join(REPO, 'generated', name)));
    expect(Object.keys(template).sort()).toEqual(Object.keys(generated).sort());
    expect(template).toEqual(generated);
  });

  it('the repo’s templates export spec values at all (the comparison above is not vacuous)', async () => {
    const jsonrpc = await import(join(REPO, 'templates', 'jsonrpc.ts'));
    expect(jsonrpc.PROTOCOL_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof jsonrpc.ERROR_CODES.parseError).toBe('number');
    const revisions = await import(join(REPO, 'templates', 'revisions.ts'));
    expect(revisions.LEGACY_REVISIONS.length).toBeGreaterThan(1);
  });

  // @verifies generator#TS-TEMPLATE-PLACEHOLDERS
  it('the handle types and refuses as gen does', () => {
    const code: number = spec.value('MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP', 'jsonrpc-code');
    expect(code).toBe(-32700);
    const method: string = spec.value('METHOD-TOOLS-CALL', 'method', 'method');
    expect(method).toBe('tools/call');
    expect(() => spec.value('METHOD-PNIG', 'method')).toThrow(/did you mean `METHOD-PING`/);
    expect(() => spec.value('METHOD-TOOLS-CALL', 'integer', 'nope')).toThrow(/none named `nope`/);
    expect(() => spec.codes({ prefix: 'NO-SUCH-PREFIX' })).toThrow(/no fact of .* matches prefix/);
  });
});
