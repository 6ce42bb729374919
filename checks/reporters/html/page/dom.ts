/** DOM helpers of the report page. Content only ever goes in as text: no innerHTML of data. */
import { unpackMembers } from '../inflate.ts';

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string | number,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = String(text);
  return e;
}

/** An element the page's markup is known to hold (the renderer writes it). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`report page: #${id} is missing`);
  return found as T;
}

/**
 * The text of a data block (html/embed.ts): base64 of gzip, inflated here and
 * now (html/inflate.ts), not by the browser's asynchronous DecompressionStream,
 * so the page is whole before its first paint.
 */
export function embeddedText(id: string): string {
  return new TextDecoder().decode(unpackMembers(byId(id).textContent ?? ''));
}

/** `[name="value"]` with the value escaped for a CSS selector. */
export function attr(name: string, value: string): string {
  return `[${name}="${CSS.escape(value)}"]`;
}
