/**
 * A `.xml` spec's tree is read once a run (engine/gate/xml-specs.ts
 * readXmlSpecOnce) for the spec loading and the gate's warnings, which ask
 * with different long-section thresholds; the pure readXmlSpec of each text
 * is the oracle, whatever the order of the asks, and an edited text at the
 * same path is read anew.
 */
import { describe, expect, it } from 'vitest';
import { readXmlSpec } from '../../../../checks/profiles/vibevm-xml-document.ts';
import { readXmlSpecOnce } from '../../../../engine/gate/xml-specs.ts';

const NS = 'xmlns="https://vibevm.org/spec/1"';
const doc = (body: string[]) =>
  [`<spec ${NS}>`, '  <title id="root">Doc</title>', ...body, '</spec>', ''].join('\n');
const LONG = doc([
  '  <section id="long" title="Long">',
  ...Array.from({ length: 12 }, (_, i) => `    <p><fact id="F-${i}" status="impl/done">fact ${i}</fact></p>`),
  '  </section>',
]);
const SHORT = doc(['  <p><fact id="ONE" status="spec/done">one</fact></p>']);
const BREACH = `<spec ${NS}>\n  <marquee/>\n</spec>\n`;

describe('a .xml spec read for the specs and for the gate', () => {
  // @verifies vibevm#XML-READ-ONCE
  it('gives what readXmlSpec gives each time, whichever threshold asks first, and reads an edited text anew', () => {
    for (const [path, texts] of [
      ['/p/a.xml', [LONG, SHORT, LONG]],
      ['/p/b.xml', [BREACH, SHORT]],
      ['/p/c.xml', [SHORT, BREACH]],
    ] as const) {
      for (const text of texts)
        for (const at of [0, 5, 0, 100])
          expect(readXmlSpecOnce(path, text, at)).toEqual(readXmlSpec(text, at));
    }
    // The threshold is applied to the kept tree: the long section warns under 5, not under 0.
    const warned = readXmlSpecOnce('/p/d.xml', LONG, 5);
    expect('warnings' in warned && warned.warnings.some((w) => w.code === 'long-section')).toBe(true);
    const quiet = readXmlSpecOnce('/p/d.xml', LONG, 0);
    expect('warnings' in quiet && quiet.warnings.some((w) => w.code === 'long-section')).toBe(false);
    expect('breach' in readXmlSpecOnce('/p/e.xml', BREACH)).toBe(true);
  });
});
