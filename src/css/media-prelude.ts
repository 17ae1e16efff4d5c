/**
 * An `@media` rule's prelude. One that is not a media query list (`@media screen yahoo`, which
 * MJML's carousel writes for Yahoo Mail) matches nothing, as `not all` (Media Queries 4 §3.2), as
 * browsers read it: css-tree's syntax error inside it (`Identifier "and" is expected`) is replaced
 * by one warning that names the query and what it does.
 */
import type { Atrule } from 'css-tree';
import { excerpt } from '../diagnostics.js';
import { compileMediaQueryList, type MediaPredicate } from './media.js';
import type { SheetWarning } from './stylesheet.js';

export interface MediaPreludeBuilder {
  readonly source: string;
  readonly syntaxErrors: readonly { readonly offset: number }[];
  readonly readRaw: { readonly start: number; readonly end: number }[];
  readonly warnings: SheetWarning[];
}

const NOTHING: MediaPredicate = () => false;

export function compileMediaPrelude(node: Atrule, builder: MediaPreludeBuilder): MediaPredicate {
  const loc = node.prelude?.loc;
  if (loc !== undefined && loc !== null) {
    const start = loc.start.offset;
    const end = loc.end.offset;
    if (builder.syntaxErrors.some((error) => error.offset >= start && error.offset <= end)) {
      builder.readRaw.push({ start, end });
      const text = builder.source.slice(start, end).trim();
      builder.warnings.push({ code: 'css_parse', message: `invalid media query \`${excerpt(text, 60)}\`: its rules apply to no medium (as \`not all\`)`, line: loc.start.line, column: loc.start.column });
      return NOTHING;
    }
  }
  return compileMediaQueryList(node.prelude);
}
