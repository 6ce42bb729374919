/**
 * The TypeScript compiler as the scanner uses it: loaded when this module is
 * first evaluated (the gate imports the scanner lazily, see dispatch.ts), by
 * the loader the CLI installed (typescript-compiler.ts). The value carries
 * the compiler's API; the namespace beside it names the types the scanner
 * writes as `ts.X`.
 */
import type api from 'typescript';
import { loadTypeScriptCompiler } from './typescript-compiler.ts';

export const ts: typeof api = loadTypeScriptCompiler();

export declare namespace ts {
  export type SyntaxKind = api.SyntaxKind;
  export type Node = api.Node;
  export type ScriptKind = api.ScriptKind;
  export type Scanner = api.Scanner;
}
