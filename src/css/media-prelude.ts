/**
 * An `@media` rule's prelude. A query in it that does not parse (`@media screen yahoo`, which
 * MJML's carousel writes for Yahoo Mail) matches nothing, as `not all`, and the list's other
 * queries still count (Media Queries 4 §3.2), as browsers read them: css-tree's syntax error
 * inside it (`Identifier "and" is expected`) is replaced by one warning that names the query.
 */
import type { Atrule } from 'css-tree';
import { excerpt } from '../diagnostics.js';
import { compileMediaQueryList, compileMediaText, invalidMediaQueries, mediaQueryTexts, type MediaPredicate } from './media.js';
import type { SheetWarning } from './stylesheet.js';

export interface MediaPreludeBuilder {
  readonly source: string;
  readonly syntaxErrors: readonly { readonly offset: number }[];
  readonly readRaw: { readonly start: number; readonly end: number }[];
  readonly warnings: SheetWarning[];
}


export function compileMediaPrelude(node: Atrule, builder: MediaPreludeBuilder): MediaPredicate {
  const loc = node.prelude?.loc;
  if (loc !== undefined && loc !== null) {
    const start = loc.start.offset;
    const end = loc.end.offset;
    if (builder.syntaxErrors.some((error) => error.offset >= start && error.offset <= end)) {
      builder.readRaw.push({ start, end });
      const text = builder.source.slice(start, end).trim();
      const invalid = invalidMediaQueries(text);
      const alone = invalid.length === 0 || invalid.length === mediaQueryTexts(text).length;
      const what = alone ? 'its rules apply to no medium (as `not all`)' : 'it matches no medium (as `not all`); the list\'s other queries still apply';
      builder.warnings.push({ code: 'css_parse', message: `invalid media query \`${excerpt(invalid.length === 0 ? text : invalid.join(', '), 60)}\`: ${what}`, line: loc.start.line, column: loc.start.column });
      return compileMediaText(text);
    }
  }
  return compileMediaQueryList(node.prelude);
}
