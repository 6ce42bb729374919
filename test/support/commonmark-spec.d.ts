/** The CommonMark specification's examples (npm `commonmark-spec`, which ships no types). */
declare module 'commonmark-spec' {
  export interface Example {
    markdown: string;
    html: string;
    section: string;
    number: number;
  }
  export const tests: Example[];
}
