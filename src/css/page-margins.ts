/**
 * Page margins that leave no page area (CSS Paged Media 3 §3.3 does not say what then): Chromium
 * prints such a page with its default paper and margins (a page area under 1px wide or tall, from
 * its print settings code); octavo keeps the page size, lays the page out with the UA's margins
 * (or none, when those leave no room either) and says so where the margins are declared.
 */
import { excerpt } from '../diagnostics.js';
import type { Diagnostics } from '../diagnostics.js';
import type { SourceLocation } from '../errors.js';
import type { Sides } from '../geometry/types.js';
import type { PageRule, PageStyle, RawDeclaration } from './types.js';
import { resolveLength } from './values/length.js';

/** The least page area, px, in each direction (Chromium's: below it, its print settings drop the page's CSS). */
const MIN_PAGE_AREA = 1;

/** The margins of ua.css's `@page` rule, used when the author's leave no page area. */
const UA_PAGE_MARGIN = 75;

type Margins = Pick<PageStyle, 'marginTop' | 'marginRight' | 'marginBottom' | 'marginLeft'>;

/** `margins` when they leave a page area; the UA's, or none, when they do not (with a warning where the author's are declared). */
export function marginsWithRoom(margins: Margins, size: readonly [number, number], rules: readonly PageRule[], diagnostics: Pick<Diagnostics, 'warn'>): Margins {
  const [width, height] = size;
  const px = pageMarginSides(margins, width, height);
  const areaWidth = width - px.left - px.right;
  const areaHeight = height - px.top - px.bottom;
  if (areaWidth >= MIN_PAGE_AREA && areaHeight >= MIN_PAGE_AREA) {
    return { marginTop: margins.marginTop, marginRight: margins.marginRight, marginBottom: margins.marginBottom, marginLeft: margins.marginLeft };
  }
  const ua = Math.min(width, height) - 2 * UA_PAGE_MARGIN >= MIN_PAGE_AREA ? UA_PAGE_MARGIN : 0;
  // the UA's own margins on a page smaller than they are (a label) give way without a word
  const declared = lastMarginDeclaration(rules);
  if (declared !== undefined) {
    const area = `${Math.max(0, Math.round(areaWidth))}×${Math.max(0, Math.round(areaHeight))}px`;
    const what = `\`${declared.property}: ${excerpt(declared.value)}\``;
    diagnostics.warn('layout', `${what} leaves a page area of ${area} on a ${Math.round(width)}×${Math.round(height)}px page: laid out with ${ua}px margins instead (Chromium prints such a page on its default paper and margins)`, declarationLocation(declared));
  }
  return { marginTop: ua, marginRight: ua, marginBottom: ua, marginLeft: ua };
}

/** Page margins in px: percentages of the page width (left, right) and height (top, bottom); auto is 0. */
export function pageMarginSides(margins: Margins, width: number, height: number): Sides {
  const side = (value: Margins['marginTop'], basis: number): number => (value === 'auto' ? 0 : resolveLength(value, basis));
  return { top: side(margins.marginTop, height), right: side(margins.marginRight, width), bottom: side(margins.marginBottom, height), left: side(margins.marginLeft, width) };
}

/** The author's last margin declaration among the page's rules, to point the warning at. */
function lastMarginDeclaration(rules: readonly PageRule[]): RawDeclaration | undefined {
  let last: RawDeclaration | undefined;
  for (const rule of rules) {
    if (rule.origin === 'user-agent') continue;
    for (const raw of rule.declarations) if (raw.property === 'margin' || raw.property.startsWith('margin-')) last = raw;
  }
  return last;
}

/** Where an `@page` declaration is, for its warnings. */
export function declarationLocation(raw: RawDeclaration): SourceLocation {
  return { file: raw.file, ...(raw.line !== undefined ? { line: raw.line } : {}), ...(raw.column !== undefined ? { column: raw.column } : {}) };
}
