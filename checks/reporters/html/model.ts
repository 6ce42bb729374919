/**
 * What the HTML report needs besides the TraceResult: the spec sources it
 * renders and the code around each citation. The CLI gathers these from disk
 * (engine/report-inputs.ts) so the renderer stays a pure function.
 */

export interface SpecSource {
  /** Repo-relative path of the spec file. */
  file: string;
  /** Document name, as in FactTrace.doc. */
  doc: string;
  text: string;
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

/**
 * Rendered markup kept between runs (the engine keeps it in the project's
 * cache folder): `digest` stands for everything a document's markup depends
 * on besides the rendering code, which the store answers for itself.
 */
export interface SpecMarkupStore {
  /** The markup stored for `file` when it was rendered from inputs of this digest. */
  lookup(file: string, digest: string): string | undefined;
  store(file: string, digest: string, html: string): void;
}

export interface ReportInputs {
  specs: SpecSource[];
  /** Where each document's markup may come from instead of rendering it again (none: every document is rendered). */
  markup?: SpecMarkupStore;
  snippets: CodeSnippet[];
  /** Page title; defaults to "factline coverage". */
  title?: string;
}

/** One spec as the page receives it: the sanitized markup of html/spec-markup.ts. */
export interface RenderedSpec {
  doc: string;
  file: string;
  html: string;
}
