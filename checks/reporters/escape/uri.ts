/**
 * A repository path as a relative URI reference (SARIF's
 * `artifactLocation.uri`): each segment percent-encoded, so `#`, `?`, `%`, a
 * space or a line break in a file name stays part of the path instead of
 * starting a fragment or breaking the URI. Pure.
 */

// @implements cli#WRITER-ESCAPES-PER-CONTEXT
export function pathUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
