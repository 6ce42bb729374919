/** DOM helpers of the report page. Content only ever goes in as text: no innerHTML of data. */

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

/** The JSON of a `<script type="application/json">` block. */
export function embedded<T>(id: string): T {
  return JSON.parse(byId(id).textContent ?? 'null') as T;
}

/** `[name="value"]` with the value escaped for a CSS selector. */
export function attr(name: string, value: string): string {
  return `[${name}="${CSS.escape(value)}"]`;
}
