/**
 * Turns the raw values of a marker (shorthand or element attributes) into a
 * Status, reporting each value outside the closed vocabularies with a hint.
 */

import { suggestion } from './did-you-mean.ts';
import type { Issue } from './issues.ts';
import { ACTIONS, AUDIENCES, type Audience, STAGES, STATES, type Status } from './model.ts';
import { isAction, isAudience, isStage, isState } from './vocabulary.ts';

export type MarkerStatus = Omit<Status, 'origin'>;

/** A raw value and where it starts in the source. */
export interface Located {
  value: string;
  offset: number;
}

export function unknownStage(v: Located, what = 'stage'): Issue {
  return {
    code: 'unknown-stage',
    offset: v.offset,
    token: v.value,
    message: v.value === '' ? `empty ${what}` : `unknown ${what} \`${v.value}\``,
    fix: suggestion(v.value, STAGES),
  };
}

export function unknownState(v: Located): Issue {
  return {
    code: 'unknown-state',
    offset: v.offset,
    token: v.value,
    message: v.value === '' ? 'empty state' : `unknown state \`${v.value}\``,
    fix: suggestion(v.value, STATES),
  };
}

// @implements reader#READ-CLOSED-VOCABULARIES
/** `@status:STAGE[/STATE]`: bare stage means `work`, except `unknown` which means `hold`. */
export function shorthandStatus(value: string, offset: number, issues: Issue[]): MarkerStatus | undefined {
  const slash = value.indexOf('/');
  const stage = slash === -1 ? value : value.slice(0, slash);
  const state = slash === -1 ? undefined : value.slice(slash + 1);
  let ok = true;
  if (!isStage(stage)) {
    issues.push(unknownStage({ value: stage, offset }));
    ok = false;
  }
  if (state !== undefined && !isState(state)) {
    issues.push(unknownState({ value: state, offset: offset + slash + 1 }));
    ok = false;
  }
  if (!ok) return undefined;
  return {
    stage: stage as MarkerStatus['stage'],
    state: (state ?? (stage === 'unknown' ? 'hold' : 'work')) as MarkerStatus['state'],
  };
}

/** Validates element attributes; stage and state are required, the rest optional. */
export function elementStatus(
  attrs: Map<string, Located>,
  elementOffset: number,
  token: string,
  issues: Issue[],
): MarkerStatus | undefined {
  let ok = true;
  const stage = attrs.get('stage');
  const state = attrs.get('state');
  for (const [name, present] of [
    ['stage', stage],
    ['state', state],
  ] as const) {
    if (!present) {
      issues.push({
        code: 'element-missing-attribute',
        offset: elementOffset,
        token,
        message: `\`<status>\` element is missing the required \`${name}\` attribute`,
        fix: `add ${name}="…" (accepted: ${(name === 'stage' ? STAGES : STATES).join(', ')})`,
      });
      ok = false;
    }
  }
  if (stage && !isStage(stage.value)) {
    issues.push(unknownStage(stage));
    ok = false;
  }
  if (state && !isState(state.value)) {
    issues.push(unknownState(state));
    ok = false;
  }
  const result: Partial<MarkerStatus> = {};
  const action = attrs.get('action');
  if (action) {
    if (isAction(action.value)) result.action = action.value;
    else {
      issues.push({
        code: 'unknown-action',
        offset: action.offset,
        token: action.value,
        message: `unknown action \`${action.value}\``,
        fix: suggestion(action.value, ACTIONS),
      });
    }
  }
  const actionstage = attrs.get('actionstage');
  if (actionstage) {
    if (isStage(actionstage.value)) result.actionstage = actionstage.value;
    else {
      issues.push(unknownStage(actionstage, 'actionstage'));
    }
  }
  const audience = attrs.get('audience');
  if (audience) {
    const list: Audience[] = [];
    let at = audience.offset;
    for (const part of audience.value.split(',')) {
      const name = part.trim();
      const where = at + part.indexOf(name);
      if (isAudience(name)) list.push(name);
      else {
        issues.push({
          code: 'unknown-audience',
          offset: where,
          token: name,
          message: name === '' ? 'empty audience entry' : `unknown audience \`${name}\``,
          fix: suggestion(name, AUDIENCES),
        });
      }
      at += part.length + 1;
    }
    result.audience = list;
  }
  const comment = attrs.get('comment');
  if (comment) result.comment = comment.value;
  const ref = attrs.get('ref');
  if (ref) result.ref = ref.value;
  if (!ok || !stage || !state) return undefined;
  return {
    stage: stage.value as MarkerStatus['stage'],
    state: state.value as MarkerStatus['state'],
    ...result,
  };
}
