/** The pure renderer: embedding, escaping and the shape of the page, without a browser. */
import { describe, expect, it } from 'vitest';
import {
  embeddedBlock,
  GATE_DATA_ID,
  INPUTS_ID,
  readEmbedded,
  readGateJson,
  readPageSpecs,
} from '../../../../checks/reporters/html/embed.ts';
import { packSnippets, unpackSnippets } from '../../../../checks/reporters/html/snippet-pack.ts';
import { renderHtmlReport, renderHtmlReportAsync } from '../../../../checks/reporters/html.ts';
import { renderJson } from '../../../../checks/reporters/json.ts';
import { citationsWithCode, MAX_SNIPPETS_PER_FACT, snippetAround } from '../../../../engine/report-inputs.ts';
import { readSpecMarkup } from '../../../support/page-markup.ts';
import { sampleInputs, sampleResult } from '../../../support/report-sample.ts';

describe('renderHtmlReport', () => {
  // @verifies report#REPORT-EMBEDS-GATE-JSON
  it('embeds data that decodes to the --json reporter output byte for byte, and that no text can end', () => {
    const result = sampleResult();
    const fact = result.facts[0]!;
    fact.text = 'ends early </script><script>alert(1)</script> <!-- and a comment \u2028\u2029';
    const html = renderHtmlReport(result, sampleInputs());
    const block = embeddedBlock(html, GATE_DATA_ID);
    expect(block).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(readGateJson(html)).toBe(renderJson(result));
  });

  // @verifies report#REPORT-SNIPPETS-STORED-ONCE
  it('stores each shown line of a file once, and the snippets unpack exactly', () => {
    const inputs = sampleInputs();
    const file = (n: number) => `line ${n} of a file cited on every other line`;
    const snippets = Array.from({ length: 20 }, (_, i) => ({
      citation: 100 + i,
      file: 'src/dense.ts',
      line: 2 * i + 3,
      startLine: 2 * i + 1,
      lines: Array.from({ length: 11 }, (_, k) => file(2 * i + 1 + k)),
      ...(i % 2 ? { symbol: `function f${i}` } : {}),
    }));
    // A file that changed between reads: the same line number with other text keeps its own lines.
    const odd = { citation: 200, file: 'src/dense.ts', line: 3, startLine: 1, lines: ['changed'] };
    const all = [...inputs.snippets, ...snippets, odd];
    const packed = packSnippets(all);
    expect(unpackSnippets(packed)).toEqual(all);
    const stored = packed.runs[packed.files.indexOf('src/dense.ts')]!.flatMap(([, lines]) => lines);
    expect(stored).toHaveLength(49); // lines 1..49 once, not 20 × 11
    const html = renderHtmlReport(sampleResult(), { ...inputs, snippets: all });
    expect(unpackSnippets(JSON.parse(readEmbedded(html, INPUTS_ID)).snippets)).toEqual(all);
  });

  // @verifies report#REPORT-SELF-CONTAINED-PAGE
  it('is one file: no external reference, one inline script admitted by a hash-only CSP', () => {
    const html = renderHtmlReport(sampleResult(), sampleInputs());
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*"(?:https?:)?\/\//i);
    expect(html).not.toMatch(/<link\b/i);
    const executable = html.match(/<script(?![^>]*type="application\/gzip")[^>]*>/g) ?? [];
    expect(executable).toEqual(['<script>']);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
  });

  // @verifies report#REPORT-RENDERS-SPECS-IN-PAGE
  it('carries each spec as its Markdown and the titles of the sections its facts name, and admits no eval', () => {
    const inputs = sampleInputs();
    const sections = [
      { anchor: 'root', title: 'Sample spec' },
      { anchor: 'wire', title: 'Wire' },
      { anchor: 'loop', title: 'Loop' },
      { anchor: 'unused', title: 'A section no fact stands in' },
      { anchor: 'wire', title: 'A second Wire, named after the first' },
    ];
    inputs.specs[0]!.sections = sections;
    const html = renderHtmlReport(sampleResult(), inputs);
    expect(readPageSpecs(html)).toEqual([
      {
        doc: 'sample',
        file: 'specs/sample.md',
        text: inputs.specs[0]!.text,
        sections: [
          ['wire', 'Wire'],
          ['loop', 'Loop'],
        ],
      },
    ]);
    // Rendered in the page only: the page as written holds no markup of the spec's.
    expect(html).not.toContain('data-fact=');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(csp).not.toMatch(/unsafe-eval|blob:|wasm-unsafe-eval/);
    expect(csp.match(/'sha256-/g)).toHaveLength(2); // the one script and the one stylesheet
  });

  // @verifies report#REPORT-SPEC-TEXT-CANNOT-RUN-SCRIPT
  it('shows raw HTML of a spec as text and drops javascript: targets and images', () => {
    const result = sampleResult();
    const inputs = sampleInputs();
    inputs.specs[0]!.text +=
      '\n\n@fact:WIRE-LINES x <script>alert(1)</script> <img src=x onerror=alert(2)> [go](javascript:alert(3)) ![pic](https://example.com/p.png)\n\n<iframe src="https://example.com"></iframe>\n';
    const html = renderHtmlReport(result, inputs);
    const main = readSpecMarkup(html);
    expect(main).not.toMatch(/<(?:script|img|iframe)\b/i);
    expect(main).not.toMatch(/<[^>]*\son\w+=/i);
    expect(main).not.toMatch(/href="\s*javascript:/i);
    expect(main).toContain('<code class="raw">&#x3C;script></code>alert(1)');
    expect(main).toContain('[image: pic]');
    expect(main).toContain('<a>go</a>');
  });

  // @verifies report#REPORT-FACTS-MARKED-BY-STATE
  it('marks every fact unit of the spec once, whatever its Markdown unit (paragraph, list item, table cell)', () => {
    const result = sampleResult();
    const html = readSpecMarkup(renderHtmlReport(result, sampleInputs()));
    for (const fact of result.facts) {
      const marks = html.split(`data-fact="${fact.address}"`).length - 1;
      expect(marks, fact.address).toBe(1);
    }
    expect(html).toContain('<li data-fact="sample#LIST-FACT">');
    expect(html).toContain('<td data-fact="sample#TABLE-CELL-FACT">');
  });
});

describe('renderHtmlReportAsync', () => {
  /** Prose that gzip cannot take far down: tens of milliseconds of packing at any level. */
  function bigInputs() {
    const inputs = sampleInputs();
    let seed = 7;
    const word = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed.toString(36);
    };
    const text = Array.from({ length: 400_000 }, word).join(' ');
    inputs.specs.push({ file: 'specs/big.md', doc: 'big', text, sections: [] });
    return inputs;
  }

  // @verifies report#REPORT-PACKED-OFF-THE-MAIN-THREAD
  it('writes the page the synchronous renderer writes, byte for byte', async () => {
    for (const inputs of [sampleInputs(), bigInputs()]) {
      const result = sampleResult();
      expect(await renderHtmlReportAsync(result, inputs)).toBe(renderHtmlReport(result, inputs));
    }
  });

  // @verifies report#REPORT-PACKED-OFF-THE-MAIN-THREAD
  it('leaves the event loop turning while the data is packed', async () => {
    const inputs = bigInputs();
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    // Packed on this thread, the page would be done before the loop could run the callback.
    const html = await renderHtmlReportAsync(sampleResult(), inputs);
    expect(turned).toBe(true);
    expect(readPageSpecs(html).map((s) => s.doc)).toEqual(['sample', 'big']);
  });
});

describe('snippetAround', () => {
  const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
  it('takes two lines before and eight after, clipped to the file', () => {
    expect(snippetAround(lines, 10)).toEqual({ startLine: 8, lines: lines.slice(7, 18) });
    expect(snippetAround(lines, 1).startLine).toBe(1);
    expect(snippetAround(lines, 29).lines.at(-1)).toBe('line 30');
  });
  it('cuts very long lines', () => {
    const [only] = snippetAround(['x'.repeat(5000)], 1).lines;
    expect(only!.length).toBeLessThan(300);
  });
});

describe('citationsWithCode', () => {
  it('gives code to at most a few citations per fact, deviations and implementations first', () => {
    const result = sampleResult();
    const fact = result.facts[0]!;
    const base = result.citations[fact.citations[0]!]!;
    const extra = Array.from({ length: 12 }, (_, i) => ({
      ...base,
      verb: i < 5 ? ('verifies' as const) : ('implements' as const),
      line: 100 + i,
    }));
    const first = result.citations.length;
    result.citations.push(...extra);
    fact.citations = extra.map((_, i) => first + i);
    const chosen = [...citationsWithCode(result)].filter((i) => fact.citations.includes(i));
    expect(chosen).toHaveLength(MAX_SNIPPETS_PER_FACT);
    const verbs = chosen.map((i) => result.citations[i]!.verb);
    expect(verbs.filter((v) => v === 'implements')).toHaveLength(7);
    // other facts keep their code
    expect(citationsWithCode(result).has(result.facts[1]!.citations[0]!)).toBe(true);
  });
});
