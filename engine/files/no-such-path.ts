/**
 * Whether a file-system error says the path leads nowhere (`ENOENT`: no such
 * entry; `ENOTDIR`: a file where a folder was named), as opposed to a path
 * that is there but cannot be read, which no caller may take as "nothing".
 */
export function noSuchPath(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
