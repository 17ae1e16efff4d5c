/**
 * css-tree's `parse`, kept linear in large sources. Two of css-tree 3.2.1's internals (pinned
 * exactly in package.json) made it quadratic:
 *
 * - A parser reuses its token buffers and clears them whole before every parse
 *   (`TokenStream.setSource` fills `balance` to its length), and they only ever grow. After one
 *   1 MB stylesheet or style attribute every later parse of a 10-byte value cleared a million
 *   entries: 0.23 ms instead of 8 µs. Sources above SMALL_SOURCE therefore go to a second parser,
 *   so the buffers of the one that reads values stay small.
 * - Every syntax error formats an excerpt of the source at once (its `SyntaxError` is built with
 *   `Object.assign`, which calls the lazy `formattedMessage` getter; csstree issue #377), and
 *   that splits the whole source into lines. css-tree's own grammar fails on purpose and falls
 *   back (`@supports ((a: b) or (c: d))` tries a declaration first), so a 1 MB stylesheet of
 *   20,000 such rules took 38 s. The large parser throws a light error instead, with the same
 *   message, offset, line and column.
 */

import type { CssNode, ParseOptions } from 'css-tree';
import { OffsetToLocation, fork, parse as smallParse } from 'css-tree';

/**
 * Characters: the most the small parser's buffers ever hold, above the UA sheet (16.5 kB): most
 * documents never fork. (At 16,384 the UA sheet had outgrown it: every fresh process forked the
 * large parser, ~9 ms of the first render, for the UA sheet alone.)
 */
export const SMALL_SOURCE = 24_576;

/** A syntax error of the large parser: css-tree's fields, without the excerpt of the source. */
export class CssTreeSyntaxError extends SyntaxError {
  override readonly name = 'SyntaxError';
  constructor(message: string, readonly offset: number, readonly line: number, readonly column: number) {
    super(message);
  }
}

/** What the replacement of the parser's `error` method reads of the parser (a css-tree TokenStream). */
interface ParserState {
  readonly source: string;
  readonly eof: boolean;
  readonly tokenStart: number;
  error: (message?: string, offset?: number) => never;
}

let largeParse: typeof smallParse | undefined;
/** Offsets to lines and columns of the large parse under way, computed on its first error. */
let locations = new OffsetToLocation('');

export function parse(source: string, options?: ParseOptions): CssNode {
  const safe = withoutStrayClosers(source);
  if (safe.length <= SMALL_SOURCE) return smallParse(safe, options);
  largeParse ??= lightErrorParser();
  locations = new OffsetToLocation(safe, options?.offset, options?.line, options?.column);
  return largeParse(safe, options);
}

/**
 * The source with each `)`, `]` or `}` that closes nothing (outside strings and comments) made
 * U+FFFD, the same length. css-tree 3.2.1's tokenizer pairs such a closer with a block type it reads
 * from past the end of its reused token buffer (`TokenStream.setSource`: the closer type left by
 * an earlier, longer parse), and its balance table then points backwards: `skipUntilBalanced`
 * loops for ever (`element(x) ) , a+ :nth-child( b:` in a style attribute after a longer one,
 * FUZZ_SEED=8735). A stray closer invalidates what holds it; U+FFFD, a letter glued to its
 * neighbours, does the same, and the declaration or selector is still dropped with a warning.
 */
export function withoutStrayClosers(source: string): string {
  if (!/[)\]}]/.test(source)) return source;
  const open: number[] = [];
  let stray: number[] | undefined;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x5c) i++; // an escape: the next character is literal
    else if (c === 0x22 || c === 0x27) i = stringEnd(source, i, c);
    else if (c === 0x2f && source.charCodeAt(i + 1) === 0x2a) i = commentEnd(source, i);
    else if (c === 0x28 || c === 0x5b || c === 0x7b) open.push(c === 0x28 ? 0x29 : c + 2);
    else if (c === 0x29 || c === 0x5d || c === 0x7d) {
      if (open.length === 0) (stray ??= []).push(i);
      else if (open[open.length - 1] === c) open.pop();
    }
  }
  if (stray === undefined) return source;
  const chars = source.split('');
  for (const at of stray) chars[at] = '\uFFFD';
  return chars.join('');
}

/** The index of the quote that ends the string opened at `from` (or of its line break, or the end). */
function stringEnd(source: string, from: number, quote: number): number {
  for (let i = from + 1; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === quote || c === 0x0a) return i;
  }
  return source.length;
}

/** The index of the `/` that ends the comment opened at `from` (or the end). */
function commentEnd(source: string, from: number): number {
  const end = source.indexOf('*/', from + 2);
  return end < 0 ? source.length : end + 1;
}

/** A parser of its own whose `error` method is replaced: installed by a parse in a context that does only that. */
function lightErrorParser(): typeof smallParse {
  const install = function (this: ParserState): CssNode {
    this.error = lightError;
    return { type: 'Raw', value: '' };
  };
  const syntax = fork({ parseContext: { octavoInstall: install } } as Parameters<typeof fork>[0]);
  syntax.parse('', { context: 'octavoInstall' });
  return syntax.parse;
}

/** css-tree's `error` (lib/parser/create.js) but for the excerpt: the same place for the same arguments. */
function lightError(this: ParserState, message?: string, offset?: number): never {
  const source = this.source;
  const at = offset !== undefined && offset < source.length ? offset : this.eof ? whiteSpaceStart(source, source.length - 1) : this.tokenStart;
  const location = locations.getLocation(at);
  // without a stack trace: recovered from and reported as a warning, it would cost 20 µs an error
  const traceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    throw new CssTreeSyntaxError(message || 'Unexpected input', location.offset, location.line, location.column);
  } finally {
    Error.stackTraceLimit = traceLimit;
  }
}

/** Where the white space that ends at `offset` starts (css-tree's `findWhiteSpaceStart`). */
function whiteSpaceStart(source: string, offset: number): number {
  let at = offset;
  while (at >= 0 && /[ \t\n\r\f]/.test(source[at]!)) at--;
  return at + 1;
}
