/** `generate.specs` in factline.config.json: further specs the core is generated from. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../engine/config/load.ts';
import { generatingSpecs } from '../../../../engine/config/model.ts';

describe('generate.specs', () => {
  // @verifies mcp-revisions#GENERATED-FROM-SEVERAL-SPECS
  it('lists the main spec first and each spec once; a wrong value names the key', () => {
    const config = parseConfig(
      { generate: { spec: 'specs/a.md', specs: ['specs/a.md', 'specs/b.md'] } },
      '/repo',
      'factline.config.json',
    );
    expect(generatingSpecs(config)).toEqual(['specs/a.md', 'specs/b.md']);
    expect(generatingSpecs(parseConfig({}, '/repo', 'c.json'))).toEqual(['specs/mcp-core.md']);
    expect(() => parseConfig({ generate: { specs: 'specs/b.md' } }, '/repo', 'factline.config.json')).toThrow(
      'factline.config.json: `generate.specs` must be an array of non-empty strings',
    );
  });
});
