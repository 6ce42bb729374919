/**
 * What the HTML report needs besides the TraceResult: the spec sources its
 * page renders and the code around each citation. The CLI gathers these from disk
 * (engine/report-inputs.ts) so the renderer stays a pure function.
 */

export interface SpecSource {
  /** Repo-relative path of the spec file. */
  file: string;
  /** Document name, as in FactTrace.doc. */
  doc: string;
  text: string;
  /** The document's sections as the reader found them (Section.anchor, Section.title), in document order. */
  sections?: readonly { anchor: string; title: string }[];
}

/** A few lines of code around one citation. */
export interface CodeSnippet {
  /** Index into TraceResult.citations. */
  citation: number;
  file: string;
  /** The citation's own line (1-based). */
  line: number;
  /** Line number of `lines[0]`. */
  startLine: number;
  lines: string[];
  /** Enclosing declaration or test title (JudgedCitation.symbol / testName). */
  symbol?: string;
}

export interface ReportInputs {
  specs: SpecSource[];
  snippets: CodeSnippet[];
  /** Page title; defaults to "factline coverage". */
  title?: string;
}

/**
 * One spec as the page receives it: its Markdown, which the page renders
 * with html/spec-markup.ts when a view first needs the document, and the
 * titles of the sections its units stand in (for the summary, which must not
 * render every document to name a section).
 */
export interface PageSpec {
  doc: string;
  file: string;
  text: string;
  /** `[anchor, title]` of each section a unit of the document names (FactTrace.section), first of an anchor only. */
  sections: [anchor: string, title: string][];
}
