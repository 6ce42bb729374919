/**
 * The sample source and test `factline init` writes per runner: one small
 * greeting function meeting the starter spec's two facts, cited where it
 * meets them, and two tests, each cited right above, in the language's own
 * comment syntax. Breaking the greeting (`Hello, ` → anything else) fails
 * both tests, which is how the tests show the gate turns red.
 */
import type { Runner } from './detect.ts';

export interface Sample {
  source: { path: string; text: string };
  test: { path: string; text: string };
}

const NAMES = 'example#GREETING-NAMES-THE-PERSON';
const DEFAULT = 'example#GREETING-HAS-A-DEFAULT';

const sourceHead = (c: string) => `${c} A sample source: each requirement it meets is cited where it is met.`;
const testHead = (c: string) =>
  `${c} A sample test: each citation sits right above the test that shows the fact holds.`;

const GREET_JS = `function greet(name) {
  return \`Hello, \${name ?? 'world'}!\`;
}`;

const jsSource = (exported: string) => `${sourceHead('//')}

// @implements ${NAMES}
// @implements ${DEFAULT}
${exported}
`;

const jsTests = (assertEqual: (actual: string, expected: string) => string) => `// @verifies ${NAMES}
test('greets the person by name', () => {
  ${assertEqual("greet('Ada')", "'Hello, Ada!'")};
});

// @verifies ${DEFAULT}
test('greets the world when no name is given', () => {
  ${assertEqual('greet()', "'Hello, world!'")};
});
`;

const ESM_SOURCE = { path: 'src/greet.mjs', text: jsSource(`export ${GREET_JS}`) };

/** The JUnit 5 sample of the JVM runners; `buildNote` says what the build file needs for it. */
const javaSample = (buildNote: string): Sample => ({
  source: {
    path: 'src/main/java/example/Greet.java',
    text: `${sourceHead('//')}
package example;

public final class Greet {
    private Greet() {}

    // @implements ${NAMES}
    // @implements ${DEFAULT}
    public static String greet(String name) {
        return "Hello, " + (name == null ? "world" : name) + "!";
    }
}
`,
  },
  test: {
    path: 'src/test/java/example/GreetTest.java',
    text: `${testHead('//')}
${buildNote}
package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GreetTest {
    // @verifies ${NAMES}
    @Test
    void greetsThePersonByName() {
        assertEquals("Hello, Ada!", Greet.greet("Ada"));
    }

    // @verifies ${DEFAULT}
    @Test
    void greetsTheWorldWhenNoNameIsGiven() {
        assertEquals("Hello, world!", Greet.greet(null));
    }
}
`,
  },
});

export const SAMPLES: Record<Runner, Sample> = {
  vitest: {
    source: ESM_SOURCE,
    test: {
      path: 'test/greet.test.mjs',
      text: `${testHead('//')}\nimport { expect, test } from 'vitest';\nimport { greet } from '../src/greet.mjs';\n\n${jsTests((a, e) => `expect(${a}).toBe(${e})`)}`,
    },
  },
  // CommonJS: jest runs ES modules only behind an experimental Node flag.
  jest: {
    source: { path: 'src/greet.cjs', text: jsSource(`${GREET_JS}\n\nmodule.exports = { greet };`) },
    test: {
      path: 'test/greet.test.cjs',
      text: `${testHead('//')}\nconst { greet } = require('../src/greet.cjs');\n\n${jsTests((a, e) => `expect(${a}).toBe(${e})`)}`,
    },
  },
  node: {
    source: ESM_SOURCE,
    test: {
      path: 'test/greet.test.mjs',
      text: `${testHead('//')}\nimport assert from 'node:assert/strict';\nimport { test } from 'node:test';\nimport { greet } from '../src/greet.mjs';\n\n${jsTests((a, e) => `assert.equal(${a}, ${e})`)}`,
    },
  },
  pytest: {
    source: {
      path: 'src/greet.py',
      text: `${sourceHead('#')}


# @implements ${NAMES}
# @implements ${DEFAULT}
def greet(name=None):
    return f"Hello, {name if name is not None else 'world'}!"
`,
    },
    test: {
      path: 'tests/test_greet.py',
      text: `${testHead('#')}
from greet import greet


# @verifies ${NAMES}
def test_greets_the_person_by_name():
    assert greet("Ada") == "Hello, Ada!"


# @verifies ${DEFAULT}
def test_greets_the_world_when_no_name_is_given():
    assert greet() == "Hello, world!"
`,
    },
  },
  cargo: {
    source: {
      path: 'src/greet.rs',
      text: `${sourceHead('//')}

// @implements ${NAMES}
// @implements ${DEFAULT}
pub fn greet(name: Option<&str>) -> String {
    format!("Hello, {}!", name.unwrap_or("world"))
}
`,
    },
    test: {
      path: 'tests/greet.rs',
      text: `${testHead('//')}
// The sample source is compiled into this test (\`#[path]\`), so init edits no file of
// your crate; once you declare \`mod greet;\` in it, use it from there instead.
#[path = "../src/greet.rs"]
mod greet;
use greet::greet;

// @verifies ${NAMES}
#[test]
fn greets_the_person_by_name() {
    assert_eq!(greet(Some("Ada")), "Hello, Ada!");
}

// @verifies ${DEFAULT}
#[test]
fn greets_the_world_when_no_name_is_given() {
    assert_eq!(greet(None), "Hello, world!");
}
`,
    },
  },
  go: {
    source: {
      path: 'greet/greet.go',
      text: `${sourceHead('//')}
package greet

// @implements ${NAMES}
// @implements ${DEFAULT}
func Greet(name string) string {
	if name == "" {
		name = "world"
	}
	return "Hello, " + name + "!"
}
`,
    },
    test: {
      path: 'greet/greet_test.go',
      text: `${testHead('//')}
package greet

import "testing"

// @verifies ${NAMES}
func TestGreetsThePersonByName(t *testing.T) {
	if got := Greet("Ada"); got != "Hello, Ada!" {
		t.Errorf("Greet(\\"Ada\\") = %q, want %q", got, "Hello, Ada!")
	}
}

// @verifies ${DEFAULT}
func TestGreetsTheWorldWhenNoNameIsGiven(t *testing.T) {
	if got := Greet(""); got != "Hello, world!" {
		t.Errorf("Greet(\\"\\") = %q, want %q", got, "Hello, world!")
	}
}
`,
    },
  },
  maven: javaSample('// (JUnit 5: your pom.xml needs org.junit.jupiter:junit-jupiter as a test dependency.)'),
  gradle: javaSample(
    '// (JUnit 5: your build.gradle needs testImplementation of org.junit.jupiter:junit-jupiter,\n' +
      '// testRuntimeOnly of org.junit.platform:junit-platform-launcher and tasks.test { useJUnitPlatform() }.)',
  ),
};
