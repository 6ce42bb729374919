/**
 * vibevm's citation carriers and addresses, scanned and traced in memory:
 * Rust attributes (one-line, multi-line, scope! inheritance), JSON Type
 * Definition metadata.spec, JSDoc @spec, test code decided per block,
 * spec:// namespaces with canonical short ids, anchored headings as units.
 */
import { describe, expect, it } from 'vitest';
import type { ScannedFile } from '../../../checks/citations.ts';
import { POLICY_PRESETS } from '../../../checks/policy.ts';
import type { Addressing } from '../../../checks/resolve.ts';
import { scanFile } from '../../../checks/scan/index.ts';
import { trace } from '../../../checks/trace.ts';
import { parseSpec } from '../../../reader/index.ts';

const NS = 'org.example/proj';
const SPEC = `# Index {#root}

## Layout {#layout}

@fact:req-layout \`req r2\` @status:impl/done

@fact:LAYOUT-IS-FLAT Files sit in one folder. @status:freeze/done

## Persistence {#persistence}

### Writes {#writes}

@fact:req-writes \`req r1\`

@fact:WRITES-ARE-ATOMIC Writes go through a temp file. @status:test/done
`;
const doc = parseSpec(SPEC, {
  file: 'spec/modules/idx/PROP-005-index.md',
  doc: 'modules/idx/PROP-005-index',
});
const addressing: Addressing = {
  namespace: NS,
  external: [{ namespace: 'other', root: 'vendor/other/spec', docPrefix: 'other/', present: false }],
};

const RUST = `//! Module docs mention #[spec(implements = "spec://x/NOT#CITED")] in prose.
specmark::scope!("spec://${NS}/modules/idx/PROP-005#root");

use specmark::spec;

#[spec(implements = "spec://${NS}/modules/idx/PROP-005#layout", r = 2)]
pub struct Layout;

#[derive(Debug)]
#[specmark::spec(
    deviates = "spec://${NS}/modules/idx/PROP-005#LAYOUT-IS-FLAT",
    reason = "one level of nesting, \\
              kept for old clients"
)]
pub fn nested() {}

pub fn untagged_helper() -> &'static str {
    "#[spec(implements = \\"spec://x/NOT#IN-A-STRING\\")]"
}

// #[spec(implements = "spec://x/NOT#IN-A-COMMENT")]
impl Layout {
    pub fn new() -> Self { Layout }
}

#[cfg(test)]
mod tests {
    use specmark::verifies;

    #[test]
    #[verifies(
        "spec://${NS}/modules/idx/PROP-005#WRITES-ARE-ATOMIC",
        r = 1
    )]
    fn writes_are_atomic() {}
}
`;

describe('Rust carriers', () => {
  const cites = scanFile('crates/idx-core/src/store/mod.rs', RUST);

  // @verifies scanner#RUST-ATTRIBUTE-CARRIERS
  // @verifies scanner#RUST-SYMBOL-PATHS
  it('reads one-line and multi-line #[spec] / #[verifies] attributes, never prose, strings or comments', () => {
    expect(cites.map((c) => `${c.line} ${c.verb} ${c.symbol} ${c.uri} ${c.pin ?? '-'}`)).toEqual([
      `2 scope idx_core::store spec://${NS}/modules/idx/PROP-005#root -`,
      `6 implements idx_core::store::Layout spec://${NS}/modules/idx/PROP-005#layout r2`,
      `10 deviates idx_core::store::nested spec://${NS}/modules/idx/PROP-005#LAYOUT-IS-FLAT -`,
      `31 verifies idx_core::store::tests::writes_are_atomic spec://${NS}/modules/idx/PROP-005#WRITES-ARE-ATOMIC r1`,
    ]);
    expect(cites[2]!.reason).toBe('one level of nesting, kept for old clients');
  });

  // @verifies scanner#RUST-SCOPE-INHERITANCE
  it('scope! covers the module items that carry no tag of their own', () => {
    // `impl Layout` shares its path with the tagged struct, so it is not listed as untagged.
    expect(cites[0]!.covers).toEqual(['idx_core::store::untagged_helper', 'idx_core::store::tests']);
  });

  // @verifies scanner#TEST-PER-BLOCK
  it('a verification inside #[cfg(test)] counts as a test in a source file; the source items do not', () => {
    expect(cites.map((c) => c.inTest === true)).toEqual([false, false, false, true]);
    const files: ScannedFile[] = [
      { file: 'crates/idx-core/src/store/mod.rs', inTest: false, citations: cites },
    ];
    const result = trace({ documents: [doc] }, files, { strict: false, addressing });
    expect(result.findings.filter((f) => f.rule === 'misplaced-citation')).toEqual([]);
    expect(result.citations.every((c) => c.counted)).toBe(true);
  });

  it('names the crate and module from the path: lib.rs, main.rs, mod.rs and tests/', () => {
    const scope = 'specmark::scope!("spec://a/b#c");\n';
    const symbolOf = (file: string) => scanFile(file, scope)[0]!.symbol;
    expect(symbolOf('crates/vibe-index/src/lib.rs')).toBe('vibe_index');
    expect(symbolOf('crates/vibe-index/src/main.rs')).toBe('vibe_index');
    expect(symbolOf('crates/vibe-index/src/cli/mod.rs')).toBe('vibe_index::cli');
    expect(symbolOf('crates/vibe-index/tests/cli_read/unavailable.rs')).toBe(
      'vibe_index::tests::cli_read::unavailable',
    );
  });

  // @verifies scanner#RUST-SYMBOL-PATHS
  // @verifies scanner#TEST-PER-BLOCK
  it('comment tags bind like attributes: to the next item, else to where they stand, test blocks included', () => {
    const rust = `// @implements D#ON-ITEM
#[derive(Debug)]
pub(crate) struct Store; // @implements D#TRAILING

fn body() {
    // @implements D#IN-BODY
    let x = 1;
}

#[cfg(test)]
mod tests {
    // @verifies D#IN-TEST-MODULE
    use super::*;
}
// @implements D#AT-END
`;
    expect(
      scanFile('crates/kv/src/store.rs', rust).map((c) => `${c.id} ${c.symbol} ${c.inTest === true}`),
    ).toEqual([
      'ON-ITEM kv::store::Store false',
      'TRAILING kv::store::Store false',
      'IN-BODY kv::store::body false',
      'IN-TEST-MODULE kv::store::tests true',
      'AT-END kv::store false',
    ]);
  });

  it('a #[spec] with an address that is not one is reported, not dropped', () => {
    const bad = scanFile('src/lib.rs', '#[spec(implements = "not an address")]\nfn f() {}\n');
    expect(bad).toHaveLength(1);
    expect(bad[0]!.malformed).toContain('not an address');
  });
});

describe('JSON Type Definition and JSDoc carriers', () => {
  // @verifies scanner#JTD-METADATA-SPEC
  it('reads metadata.spec at the schema root and in each definition', () => {
    const schema = `{
  "metadata": { "spec": { "implements": "spec://${NS}/modules/idx/PROP-005#layout" } },
  "definitions": {
    "entry": {
      "metadata": { "spec": { "implements": ["spec://${NS}/modules/idx/PROP-005#LAYOUT-IS-FLAT"] } },
      "type": "string"
    }
  }
}
`;
    const cites = scanFile('schemas/index_report.jtd.json', schema);
    expect(cites.map((c) => `${c.line} ${c.symbol} ${c.verb} ${c.id}`)).toEqual([
      '1 index_report implements layout',
      '4 index_report::entry implements LAYOUT-IS-FLAT',
    ]);
    expect(scanFile('schemas/broken.jtd.json', '{ "metadata": { "spec": ')[0]!.malformed).toContain(
      'not valid JSON',
    );
  });

  // @verifies scanner#JSDOC-SPEC-TAG
  // @verifies scanner#TEST-PER-BLOCK
  it('reads JSDoc @spec with its spaced revision, and a describe/it block is test code in any file', () => {
    const ts = `/** @spec implements spec://${NS}/modules/idx/PROP-005#layout r2 */
export function layout() {}
describe('store', () => {
  it('writes atomically', () => {
    /** @spec verifies spec://${NS}/modules/idx/PROP-005#WRITES-ARE-ATOMIC */
  });
});
`;
    const cites = scanFile('src/store.ts', ts);
    expect(cites.map((c) => `${c.verb} ${c.id} ${c.pin ?? '-'} ${c.inTest === true}`)).toEqual([
      'implements layout r2 false',
      'verifies WRITES-ARE-ATOMIC - true',
    ]);
  });

  // @verifies scanner#TEST-PER-BLOCK
  it('Python test_* functions are test code', () => {
    const py = '# @implements D#A\ndef serve():\n    pass\n\n# @verifies D#A\ndef test_serve():\n    pass\n';
    expect(scanFile('app/tool.py', py).map((c) => c.inTest === true)).toEqual([false, true]);
  });
});

const cite = (text: string, file = 'src/a.ts'): ScannedFile => ({
  file,
  inTest: false,
  citations: scanFile(file, text),
});

describe('spec:// addresses and units', () => {
  // @verifies trace#ADDRESS-FORMS
  // @verifies trace#HEADING-UNITS
  it('resolves the canonical short id, the path and bare DOC#ID, headings included; an absent external root is named', () => {
    const result = trace(
      { documents: [doc] },
      [
        cite(
          [
            `// @implements spec://${NS}/modules/idx/PROP-005#layout`,
            `// @implements spec://${NS}/modules/idx/PROP-005-index#LAYOUT-IS-FLAT`,
            '// @implements modules/idx/PROP-005#persistence',
            '// @implements spec://other/mech/ENGINE#rules',
            '// @implements spec://nowhere/x#y',
          ].join('\n'),
        ),
      ],
      { strict: false, addressing },
    );
    expect(result.citations.map((c) => c.resolved ?? c.problem)).toEqual([
      'modules/idx/PROP-005-index#layout',
      'modules/idx/PROP-005-index#LAYOUT-IS-FLAT',
      'modules/idx/PROP-005-index#persistence',
      'unknown-fact',
      'unknown-namespace',
    ]);
    const unknown = result.findings.filter((f) => f.rule.startsWith('unknown-')).map((f) => f.message);
    expect(unknown[0]).toContain('`vendor/other/spec`, which is not in this repository');
    expect(unknown[1]).toContain(
      "namespace `nowhere` of `spec://nowhere/x` is neither this project's nor a configured external one",
    );
  });

  // @verifies trace#ADDRESS-FORMS
  // @verifies trace#NAMESPACES-RESOLVE-EXACTLY
  it('a namespace that is neither ours nor external is unknown: a document ending the same way never stands in', () => {
    const text =
      '// @implements spec://any.host/modules/idx/PROP-005#layout\n// @implements PROP-005#LAYOUT-IS-FLAT\n';
    const alone = trace({ documents: [doc] }, [cite(text)], { strict: false });
    expect(alone.citations.map((c) => c.resolved ?? c.problem)).toEqual([
      'unknown-namespace',
      'modules/idx/PROP-005-index#LAYOUT-IS-FLAT',
    ]);
    const withOurs = trace({ documents: [doc] }, [cite(text)], { strict: false, addressing });
    expect(withOurs.citations.map((c) => c.resolved ?? c.problem)[0]).toBe('unknown-namespace');
    expect(withOurs.findings.find((f) => f.rule === 'unknown-namespace')?.message).toContain(
      `namespace \`any.host\` of \`spec://any.host/modules/idx/PROP-005\` is neither this project's nor a configured external one (known: ${NS}, `,
    );
  });

  // @verifies trace#UNITS-CARRY-URI
  it('lists units with their uri, heading units with kind and revision', () => {
    const result = trace({ documents: [doc] }, [], { strict: false, addressing });
    expect(result.units?.map((u) => `${u.kind} ${u.uri} ${u.revision ?? '-'}`)).toEqual([
      `heading spec://${NS}/modules/idx/PROP-005#root -`,
      `heading spec://${NS}/modules/idx/PROP-005#layout 2`,
      `fact spec://${NS}/modules/idx/PROP-005#req-layout -`,
      `fact spec://${NS}/modules/idx/PROP-005#LAYOUT-IS-FLAT -`,
      `heading spec://${NS}/modules/idx/PROP-005#persistence -`,
      `heading spec://${NS}/modules/idx/PROP-005#writes 1`,
      `fact spec://${NS}/modules/idx/PROP-005#req-writes -`,
      `fact spec://${NS}/modules/idx/PROP-005#WRITES-ARE-ATOMIC -`,
    ]);
  });

  // @verifies trace#PIN-INTO-UNMARKED-UNIT
  it('a revision pin into a heading without a kind line warns and still counts', () => {
    const result = trace(
      { documents: [doc] },
      [cite(`// @implements spec://${NS}/modules/idx/PROP-005#persistence~r1`)],
      { strict: false, addressing },
    );
    expect(result.findings.map((f) => `${f.rule} ${f.severity}`)).toContain('pin-into-unmarked-unit warning');
    expect(result.citations[0]!.counted).toBe(true);
  });

  // @verifies reader#DID-YOU-MEAN-BOUNDED
  it('suggests the nearest ids of the named document', () => {
    const result = trace(
      { documents: [doc] },
      [cite(`// @implements spec://${NS}/modules/idx/PROP-005#LAYOUT-IS-FLT`)],
      { strict: false, addressing },
    );
    expect(result.findings.find((f) => f.rule === 'unknown-fact')?.fix).toContain(
      '`modules/idx/PROP-005-index#LAYOUT-IS-FLAT`',
    );
  });
});

describe('policy and no silent green', () => {
  // @verifies trace#POLICY-AS-CONFIG
  it('the vibevm preset asks an implementation of frozen facts and a verification of test/done ones', () => {
    const result = trace({ documents: [doc] }, [], {
      strict: false,
      addressing,
      policy: POLICY_PRESETS.vibevm!,
    });
    const required = Object.fromEntries(result.facts.map((f) => [f.id, f.required]));
    expect(required['LAYOUT-IS-FLAT']).toEqual(['implementation']);
    expect(required['WRITES-ARE-ATOMIC']).toEqual(['verification']);
    const byDefault = trace({ documents: [doc] }, [], { strict: false });
    expect(byDefault.facts.find((f) => f.id === 'WRITES-ARE-ATOMIC')?.required).toEqual([
      'implementation',
      'verification',
    ]);
  });

  // @verifies trace#NO-SILENT-GREEN
  it('warns, naming the globs, when nothing is cited or a spec that needs evidence is cited nowhere', () => {
    const searched = { globs: ['crates/*/**/*.rs'], where: 'specmap.toml' };
    const none = trace({ documents: [doc] }, [], { strict: false, searched });
    expect(none.findings.filter((f) => f.rule === 'nothing-cited').map((f) => f.message)).toEqual([
      'the scan found no citation at all; searched: crates/*/**/*.rs',
    ]);
    const other = parseSpec('# B\n\n@fact:B-NEEDED needed. @status:impl/done\n', {
      file: 'spec/b.md',
      doc: 'b',
    });
    const some = trace(
      { documents: [doc, other] },
      [cite('// @implements modules/idx/PROP-005-index#LAYOUT-IS-FLAT')],
      {
        strict: false,
        searched,
      },
    );
    expect(
      some.findings.filter((f) => f.rule === 'document-uncited').map((f) => `${f.file} ${f.severity}`),
    ).toEqual(['spec/b.md warning']);
  });
});
