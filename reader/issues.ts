import type { DiagnosticCode } from './model.ts';

/** A problem found while scanning, placed by absolute source offset; parseSpec turns it into a Diagnostic. */
export interface Issue {
  code: DiagnosticCode;
  offset: number;
  token?: string;
  message: string;
  fix?: string;
}
