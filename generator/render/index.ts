/** generator/render: SpecDocument + templates + current outputs → a plan (pure). */
export { CODE_TEMPLATE_EXTENSIONS, isCodeTemplate, renderCodeTemplate } from './code-template.ts';
export { driftRecords, generationDrift } from './drift.ts';
export { normalise } from './format.ts';
export { readHeader, sha256, withHeader } from './header.ts';
export { TemplateFacts } from './helpers.ts';
export { LANGUAGES, languageOf, TEMPLATE_EXTENSIONS } from './languages/table.ts';
export type { Context, Language, OutputCheck, Scalar } from './languages/types.ts';
export { MANIFEST_NAME } from './manifest.ts';
export { dataProblems, type OutputProblem } from './output-checks.ts';
export { conflicts, outputPathFor, pendingChanges, planGeneration } from './plan.ts';
export { renderTemplate } from './template.ts';
export { pickValue } from './typed-values.ts';
export type * from './types.ts';
export { type DeclaredType, declaredType, VALUE_TYPES, type ValueType, ValueTypes } from './value-types.ts';
export { pinOf, summary } from './values.ts';
