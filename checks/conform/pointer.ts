/** RFC 6901 JSON Pointer lookup. Pure. */

export type Lookup = { found: true; value: unknown } | { found: false };

/** One reference token of a pointer, escaped (`~` → `~0`, `/` → `~1`). */
export function escapeToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function isPointer(text: string): boolean {
  return text === '' || (text.startsWith('/') && !/~[^01]|~$/.test(text));
}

export function resolvePointer(doc: unknown, pointer: string): Lookup {
  if (pointer === '') return { found: true, value: doc };
  let here: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(here)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= here.length) return { found: false };
      here = here[Number(token)];
    } else if (typeof here === 'object' && here !== null && Object.hasOwn(here, token)) {
      here = (here as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: here };
}
