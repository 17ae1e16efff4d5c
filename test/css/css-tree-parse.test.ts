/**
 * src/css/values/css-tree-parse.ts sends large sources to a parser of its own whose syntax errors
 * do not format an excerpt of the source. What it returns and reports must be css-tree's own.
 */
import { describe, expect, it } from 'vitest';
import type { CssNode, ParseOptions } from 'css-tree';
import { parse as stockParse, toPlainObject, clone } from 'css-tree';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMALL_SOURCE, parse, withoutStrayClosers } from '../../src/css/values/css-tree-parse.js';
import { execFileSync } from 'node:child_process';
import { ensureBuilt, ROOT } from '../helpers/processes.js';

/** Rules css-tree recovers from by a fallback (each reports an error), and good ones between. */
const BROKEN = [
  '@supports ((position: sticky) or (not (display: x))) { .a { color: red } }',
  '.b { color: ; width: 1px; *zoom: 1; filter: progid:DXImageTransform.Microsoft.gradient(startColorstr=#fff) }',
  '.c { margin: 0 !importnt; } .d { color: red } }',
  '@media screen and (min-width: ) { .e { color: blue } }',
  'p:not() { color: red } .f > { x: y } @import url(x.css) screen;',
  '\t.h\r\n{\fcolor: red;\n}',
].join('\n');

interface Reported { readonly message: string; readonly offset: number | undefined; readonly line: number | undefined; readonly column: number | undefined }

function run(parser: (source: string, options?: ParseOptions) => CssNode, source: string, options: ParseOptions): { ast: unknown; errors: Reported[] } {
  const errors: Reported[] = [];
  const ast = parser(source, {
    ...options,
    onParseError: (error) => {
      const { offset, line, column } = error as { offset?: number; line?: number; column?: number };
      errors.push({ message: error.message, offset, line, column });
    },
  });
  return { ast: toPlainObject(clone(ast)), errors };
}

describe('css-tree parse for large sources', () => {
  const large = Array.from({ length: 120 }, (_, i) => `/* ${i} */ ${BROKEN}`).join('\n');

  it('is over the size that goes to the large parser', () => {
    expect(large.length).toBeGreaterThan(SMALL_SOURCE);
  });

  it('leaves the UA stylesheets to the small parser (a fresh process forks the large one only for a large author sheet)', () => {
    for (const file of ['ua.css', 'ua-quirks.css']) {
      expect(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'css', file), 'utf8').length).toBeLessThan(SMALL_SOURCE);
    }
  });

  for (const [name, options] of [
    ['a stylesheet with positions', { positions: true }],
    ['a stylesheet read from line 40, column 7, offset 900', { positions: true, line: 40, column: 7, offset: 900 }],
    ['a stylesheet without positions', {}],
    ['a declaration list', { context: 'declarationList', positions: true }],
  ] as const) {
    it(`returns css-tree's tree and errors for ${name}`, () => {
      const ours = run(parse, large, options);
      // css-tree's own, for the source with its stray closers made U+FFFD (BROKEN has one: below)
      const stock = run(stockParse, withoutStrayClosers(large), options);
      expect(ours.errors.length).toBeGreaterThan(100);
      expect(ours.errors).toEqual(stock.errors);
      expect(ours.ast).toEqual(stock.ast);
    });
  }

  it('throws what css-tree throws where nothing falls back, at the same place', () => {
    const source = `${'a '.repeat(10_000)} ) (`;
    const thrown = (parser: typeof parse): Reported => {
      try {
        parser(source, { context: 'selector', positions: true });
      } catch (error) {
        const { message, offset, line, column } = error as Reported;
        return { message, offset, line, column };
      }
      throw new Error('no error');
    };
    expect(thrown((text, options) => parse(text, options))).toEqual(thrown((text, options) => stockParse(withoutStrayClosers(text), options)));
  });

  it('reads small values the same after a large source', () => {
    parse(large, { positions: true });
    expect(toPlainObject(clone(parse('1px solid red', { context: 'value' })))).toEqual(toPlainObject(clone(stockParse('1px solid red', { context: 'value' }))));
  });
});

describe('closers that close nothing', () => {
  it('are made U+FFFD, the same length; strings, comments, escapes and matched blocks are left alone', () => {
    expect(withoutStrayClosers('a: b(c) ) ; d: "e)" /* f) */ g\\) h] i }')).toBe('a: b(c) \uFFFD ; d: "e)" /* f) */ g\\) h\uFFFD i \uFFFD');
    expect(withoutStrayClosers('a { b: c(d[e]) }')).toBe('a { b: c(d[e]) }');
    expect(withoutStrayClosers('(a]')).toBe('(a]'); // a closer of another kind inside a block is css-tree's to read
  });

  it('no longer hang css-tree after a longer source left a block type past the end of its buffers (FUZZ_SEED=8735)', () => {
    // in a child process with a time limit: before, the second parse never returned (a loop in skipUntilBalanced)
    ensureBuilt();
    const script = `import { parse } from ${JSON.stringify(`${ROOT}dist/css/values/css-tree-parse.js`)};
      parse('x '.repeat(21) + '(y) z'.repeat(3), { context: 'declarationList', positions: true });
      parse('element(x) ) , UQPGf+ :nth-child( content:', { context: 'declarationList', positions: true });
      process.stdout.write('returned');`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 })).toBe('returned');
  }, 60_000);
});
