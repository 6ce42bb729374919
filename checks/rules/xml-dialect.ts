/**
 * xml-dialect: under the vibevm profile, a `.xml` spec source that breaks
 * vibevm's XML spec dialect, its document-level laws or its closed vocabulary
 * (checks/profiles/vibevm-xml-read.ts judges the text; the engine reads the
 * files, engine/gate/xml-specs.ts).
 */
import type { RuleUnit } from './unit.ts';

export const xmlDialect = {
  id: 'xml-dialect',
  meta: {
    severity: 'warning',
    description:
      'vibevm profile: a `.xml` spec source breaks the XML spec dialect; the document is not read.',
    help: 'vibevm\'s specmap reads `.xml` specs in a closed dialect (one `<spec xmlns="https://vibevm.org/spec/1">` root, no DTD, processing instruction or foreign entity) and drops a document that breaks it, with this warning.',
    fix: 'make the file a dialect document, or keep it out of the spec roots (spec_exclude)',
    scope: 'spec',
  },
} as const satisfies RuleUnit;
