/**
 * The lint rules that keep the stages in one direction (eslint/stages.js): a wrong-way import and an
 * import that closes a cycle between folders are errors, with the stages or the cycle named; the
 * imports the code has now are not.
 */
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import stages from '../../eslint/stages.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = join(import.meta.dirname, '..', '..');
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (path: string): string => join(ROOT, path);

tester.run('octavo/stage-order', stages.rules['stage-order'], {
  valid: [
    { filename: at('src/paint/probe.ts'), code: "import type { PageLayout } from '../layout/types.js';" },
    { filename: at('src/text/probe.ts'), code: "import type { FontStyle } from '../css/types.js';" },
    { filename: at('src/cli/probe.ts'), code: "import { render } from '../index.js';" },
  ],
  invalid: [
    {
      filename: at('src/text/probe.ts'),
      code: "import type { DisplayItem } from '../paint/display-list.js';",
      errors: [{ message: 'text (src/text/probe.ts) may not import paint (src/paint/display-list.ts): stages import only the stages below them (eslint/stages.js STAGES)' }],
    },
    {
      filename: at('src/limits.ts'),
      code: "export { childBoxes } from './boxes/types.js';",
      errors: [{ message: /may not import boxes/ }],
    },
    {
      filename: at('src/service/probe.ts'),
      code: "const cli = await import('../cli/dispatch.js');",
      errors: [{ message: /service \(src\/service\/probe.ts\) may not import cli/ }],
    },
  ],
});

tester.run('octavo/no-folder-cycle', stages.rules['no-folder-cycle'], {
  valid: [
    { filename: at('src/css/probe.ts'), code: "import type { DomElement } from '../dom/types.js';" },
    { filename: at('src/paint/probe.ts'), code: "import { multiply } from '../geometry/matrix.js';" },
  ],
  invalid: [
    {
      filename: at('src/css/probe.ts'),
      code: "import type { BoxTree } from '../boxes/types.js';",
      errors: [{ message: 'import cycle between folders: src/css → src/boxes → src/css' }],
    },
    {
      filename: at('src/css/values/probe.ts'),
      code: "import type { Stylesheet } from '../stylesheet.js';",
      errors: [{ message: /^import cycle between folders: src\/css\/values → src\/css → .*src\/css\/values$/ }],
    },
  ],
});
