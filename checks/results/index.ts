/**
 * Test results as the trace joins them. Reading a results file is
 * checks/results/parse.ts, kept apart so a run without results files never
 * loads the XML parser (it costs a start ~40 ms).
 */
export { indexOutcomes, type OutcomeIndex, outcomeFor, type TestBinding, testBinding } from './join.ts';
export { notRun, ResultsFormatError, type TestOutcome, type TestStatus } from './model.ts';
export { vectorEvidence } from './vector-evidence.ts';
