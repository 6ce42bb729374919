/**
 * long-section: vibevm's quality warning for a leaf section (an anchored
 * heading with no sub-heading) of 120 lines or more, under the vibevm profile
 * (checks/profiles/vibevm.ts judges it over the spec text).
 */
import type { RuleUnit } from './unit.ts';

export const longSection = {
  id: 'long-section',
  meta: {
    severity: 'warning',
    description: 'vibevm profile: an anchored leaf section spans 120 lines or more.',
    help: "vibevm's specmap warns about long leaf sections: they read poorly and churn often. A section that holds sub-headings is not measured.",
    fix: 'split the section into smaller anchored leaves',
    scope: 'spec',
  },
} as const satisfies RuleUnit;
