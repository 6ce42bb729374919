/** A `<status …/>` element in a spec renders as a status badge, not as raw HTML in a code box. */
import { describe, expect, it } from 'vitest';
import { renderSpecMarkup } from '../../../../checks/reporters/html/spec-markup.ts';

describe('status elements in the rendered spec', () => {
  // @verifies report#REPORT-STATUS-ELEMENT-BADGE
  it('renders a document-level and an inline <status/> as badges', () => {
    const html = renderSpecMarkup(
      '# Doc\n\n<status stage="impl" state="done" action="review"/>\n\n@fact:A-ONE Text <status stage="spec" state="work"/> here.\n',
      'doc',
      new Set(['A-ONE']),
    );
    expect(html).toContain('<span class="tag tag-status">@status:impl/done</span>');
    expect(html).toContain('action=review');
    expect(html).toContain('<span class="tag tag-status">@status:spec/work</span>');
    expect(html).not.toContain('&#x3C;status');
    expect(html).not.toContain('class="raw"');
  });

  it('still shows other raw HTML as code text', () => {
    const html = renderSpecMarkup('<div onclick="x()">hi</div>\n', 'doc', new Set());
    expect(html).toContain('class="raw"');
  });
});
