/**
 * Test results as the trace joins them. Reading a results file is
 * checks/results/parse.ts, kept apart so a run without results files never
 * loads the XML parser (its load would cost every start).
 */
export {
  indexOutcomes,
  type Join,
  type JoinOptions,
  joinCitation,
  type OutcomeIndex,
  type TestBinding,
  testBinding,
} from './join.ts';
export { type JoinKey, notRun, ResultsFormatError, type TestOutcome, type TestStatus } from './model.ts';
export { vectorDigest } from './vector-digest.ts';
export { type VectorState, vectorChange, vectorEvidence, vectorFiles } from './vector-evidence.ts';
