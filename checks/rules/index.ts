/**
 * The registry of gate rules, one unit per module (checks/rules/unit.ts), in
 * the order every list shows them: the gate's own rules, then the spec
 * reader's diagnostic codes. The rule table, `RuleId`, the partial scopes,
 * the config's `rules` and the docs' table read it. A new rule is a module
 * here and one line below.
 */
import type { DiagnosticCode } from '../../reader/model.ts';
import { ambiguousFact } from './ambiguous-fact.ts';
import { attributeInvalid } from './attribute-invalid.ts';
import { baselineGone } from './baseline-gone.ts';
import { conflictingFacts } from './conflicting-facts.ts';
import { controlCharacter } from './control-character.ts';
import { deviationWithoutReason } from './deviation-without-reason.ts';
import { documentUncited } from './document-uncited.ts';
import { duplicateId } from './duplicate-id.ts';
import { elementMissingAttribute } from './element-missing-attribute.ts';
import { emptyId } from './empty-id.ts';
import { factInHeading } from './fact-in-heading.ts';
import { factInHtml } from './fact-in-html.ts';
import { generatedDrift } from './generated-drift.ts';
import { generatedHandEdit } from './generated-hand-edit.ts';
import { linkCycle } from './link-cycle.ts';
import { longSection } from './long-section.ts';
import { malformedAttribute } from './malformed-attribute.ts';
import { malformedElement } from './malformed-element.ts';
import { malformedLink } from './malformed-link.ts';
import { markedUnitWithoutAnchor } from './marked-unit-without-anchor.ts';
import { markerMidUnit } from './marker-mid-unit.ts';
import { misplacedCitation } from './misplaced-citation.ts';
import { missingEvidence } from './missing-evidence.ts';
import { missingImplementation } from './missing-implementation.ts';
import { missingRefinement } from './missing-refinement.ts';
import { missingVerification } from './missing-verification.ts';
import { movedFact } from './moved-fact.ts';
import { nestingTooDeep } from './nesting-too-deep.ts';
import { normativeServiceUnit } from './normative-service-unit.ts';
import { nothingCited } from './nothing-cited.ts';
import { orphanItem } from './orphan-item.ts';
import { pairCollision } from './pair-collision.ts';
import { pinIntoUnmarkedUnit } from './pin-into-unmarked-unit.ts';
import { specDiagnostic } from './spec-diagnostic.ts';
import { staleCitation } from './stale-citation.ts';
import { staleExclude } from './stale-exclude.ts';
import { staleLink } from './stale-link.ts';
import { staleSpecmap } from './stale-specmap.ts';
import { statusAgainstEvidence } from './status-against-evidence.ts';
import { statusBehindEvidence } from './status-behind-evidence.ts';
import { strandedMarker } from './stranded-marker.ts';
import { swallowedAnchor } from './swallowed-anchor.ts';
import { tooManyImplementations } from './too-many-implementations.ts';
import { typedAnchorWithoutFence } from './typed-anchor-without-fence.ts';
import { unclosedWrapper } from './unclosed-wrapper.ts';
import type { RuleUnit } from './unit.ts';
import { unknownAction } from './unknown-action.ts';
import { unknownAttribute } from './unknown-attribute.ts';
import { unknownAudience } from './unknown-audience.ts';
import { unknownEvidenceKind } from './unknown-evidence-kind.ts';
import { unknownFact } from './unknown-fact.ts';
import { unknownLinkTarget } from './unknown-link-target.ts';
import { unknownNamespace } from './unknown-namespace.ts';
import { unknownStage } from './unknown-stage.ts';
import { unknownState } from './unknown-state.ts';
import { unknownTypedAnchor } from './unknown-typed-anchor.ts';
import { unreadTag } from './unread-tag.ts';
import { verificationFailed } from './verification-failed.ts';
import { verificationSkipped } from './verification-skipped.ts';
import { verificationUnconfirmed } from './verification-unconfirmed.ts';
import { voidFactCited } from './void-fact-cited.ts';
import { voidFactLinked } from './void-fact-linked.ts';
import { xmlDialect } from './xml-dialect.ts';

// @implements trace#RULES-ARE-UNITS
export const RULE_UNITS = [
  missingImplementation,
  missingVerification,
  missingRefinement,
  missingEvidence,
  unknownFact,
  unknownNamespace,
  ambiguousFact,
  staleCitation,
  misplacedCitation,
  deviationWithoutReason,
  voidFactCited,
  unknownLinkTarget,
  voidFactLinked,
  staleLink,
  linkCycle,
  conflictingFacts,
  unknownAttribute,
  attributeInvalid,
  statusBehindEvidence,
  statusAgainstEvidence,
  longSection,
  xmlDialect,
  pairCollision,
  orphanItem,
  staleSpecmap,
  specDiagnostic,
  verificationFailed,
  verificationSkipped,
  verificationUnconfirmed,
  pinIntoUnmarkedUnit,
  movedFact,
  staleExclude,
  nothingCited,
  documentUncited,
  baselineGone,
  generatedDrift,
  generatedHandEdit,
  tooManyImplementations,
  duplicateId,
  unknownStage,
  unknownState,
  unknownAction,
  unknownAudience,
  elementMissingAttribute,
  malformedElement,
  strandedMarker,
  markerMidUnit,
  markedUnitWithoutAnchor,
  unclosedWrapper,
  unknownTypedAnchor,
  typedAnchorWithoutFence,
  swallowedAnchor,
  emptyId,
  nestingTooDeep,
  controlCharacter,
  unreadTag,
  unknownEvidenceKind,
  factInHeading,
  factInHtml,
  malformedLink,
  malformedAttribute,
  normativeServiceUnit,
] as const;

export type RuleId = (typeof RULE_UNITS)[number]['id'];

const BY_ID = new Map<string, RuleUnit>(RULE_UNITS.map((unit) => [unit.id, unit]));

/** A rule's unit by its id; undefined for a string that names no rule. */
export function ruleUnit(id: string): RuleUnit | undefined {
  return BY_ID.get(id);
}

/** Every diagnostic code of the reader has its unit (the reader finds it; the gate reports it). */
const everyDiagnosticHasAUnit: [Exclude<DiagnosticCode, RuleId>] extends [never] ? true : false = true;
void everyDiagnosticHasAUnit;

export type { PartialScope, RuleInfo, RuleMeta, RuleOption, RuleUnit } from './unit.ts';
