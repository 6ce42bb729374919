/** The closed vocabularies of the markup, parsed in one place. */
import {
  ACTIONS,
  type Action,
  AUDIENCES,
  type Audience,
  SECTION_KINDS,
  STAGES,
  STATES,
  type Stage,
  type State,
} from './model.ts';

// Sets: every marker and legacy-looking word of every unit is looked up here.
const STAGE_SET: ReadonlySet<string> = new Set(STAGES);
const STATE_SET: ReadonlySet<string> = new Set(STATES);

export function isStage(value: string): value is Stage {
  return STAGE_SET.has(value);
}
export function isState(value: string): value is State {
  return STATE_SET.has(value);
}
export function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}
export function isAudience(value: string): value is Audience {
  return (AUDIENCES as readonly string[]).includes(value);
}

export const KIND_LINE_KINDS = SECTION_KINDS;
