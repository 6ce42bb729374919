/** generator/render: SpecDocument + templates + current outputs → a plan (pure). */
export { driftRecords, generationDrift } from './drift.ts';
export { normalise } from './format.ts';
export { readHeader, sha256, withHeader } from './header.ts';
export { FactIndex } from './helpers.ts';
export { conflicts, outputPathFor, pendingChanges, planGeneration } from './plan.ts';
export { renderTemplate } from './template.ts';
export { pickValue, typedValue, VALUE_TYPES, type ValueType } from './typed-values.ts';
export type * from './types.ts';
export { pinOf, summary } from './values.ts';
