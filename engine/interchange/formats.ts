/** The formats `factline export` writes: named apart from the writers so the CLI can check the flag without loading them. */
export const EXPORT_FORMATS = ['reqif', 'needs-json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
