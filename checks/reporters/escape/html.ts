/**
 * Text in the HTML report's own markup (its title, the no-script view's
 * names, file:line places and messages), in element content or a
 * double-quoted attribute: the five markup characters as entities, so no
 * element, attribute or script can start inside it; control characters
 * and line breaks shown visibly, as on the console. The rendered specs are
 * another context with their own sanitizer (html/spec-markup.ts); the data
 * blocks carry base64 only (html/embed.ts). Pure.
 */
import { escapeControls } from './console.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The markup characters only: for text the writer controls (its title). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Text from inputs (file names, fact text, messages): markup escaped, controls made visible. */
// @implements cli#WRITER-ESCAPES-PER-CONTEXT
export function htmlText(text: string): string {
  return escapeHtml(escapeControls(text));
}
