/**
 * The page before pagination: what media queries and viewport units see of the `@page` rules
 * (CSS Paged Media 3 §5, CSS Values 4 §6.1.2), before any page is laid out.
 */
import type { PageContext, PageRule } from './types.js';
import type { Stylesheet } from './stylesheet.js';
import { DEFAULT_PAGE_SIZE, sizeOf } from './page-size.js';
import { flooredLayoutLength, heldSize, matchingRules, parseRaw } from './page.js';

export interface PageEnvironment {
  /** Page box, px. */
  readonly width: number;
  readonly height: number;
  /** Page area (page box minus absolute margins), px: what media queries see. */
  readonly areaWidth: number;
  readonly areaHeight: number;
  /** The page area floored as Chromium's initial containing block (flooredLayoutLength), px: the viewport for vw/vh. */
  readonly viewportWidth: number;
  readonly viewportHeight: number;
}

/**
 * The page geometry media queries and viewport units use before pagination: `size` and absolute
 * margins, A4 and the UA margins otherwise. Media queries see the page of the `@page` rules without
 * selectors; viewport units see the first page — with its `:first`, `:right`, `:nth(1)` rules and
 * those of its name (`firstPageName`, the start page value of the document's first box, known once
 * the document is styled) — as Chromium sizes its initial containing block from the first page: a
 * cover of `height: 100vh` under `@page :first { margin: 0 }` fills the sheet.
 */
export function pageEnvironment(sheets: readonly Stylesheet[], firstPageName?: string): PageEnvironment {
  const plain = pageBoxOf(sheets, undefined);
  const first = pageBoxOf(sheets, { index: 0, side: 'right', blank: false, groupIndex: 0, ...(firstPageName === undefined ? {} : { name: firstPageName }) });
  const [width, height] = plain.size;
  const [firstWidth, firstHeight] = first.size;
  const margins = plain.margins;
  return {
    width,
    height,
    areaWidth: Math.max(0, width - margins[1]! - margins[3]!),
    areaHeight: Math.max(0, height - margins[0]! - margins[2]!),
    viewportWidth: flooredLayoutLength(firstWidth, [first.margins[1]!, first.margins[3]!]),
    viewportHeight: flooredLayoutLength(firstHeight, [first.margins[0]!, first.margins[2]!]),
  };
}

/** Whether some `@page` rule names a page (`@page cover`, `:nth(1 of cover)`): only then does the first page's name matter to pageEnvironment. */
export function namesPages(sheets: readonly Stylesheet[]): boolean {
  return sheets.some((sheet) => sheet.parsed.pages.some((rule) => rule.selectors.some((s) => s.name !== undefined || s.nth?.of !== undefined)));
}

/**
 * `size` and absolute margins (top, right, bottom, left) of the `@page` rules matching `page` in
 * cascade order (origin, specificity, source order; later declarations win), or of the rules
 * without selectors when `page` is undefined.
 */
function pageBoxOf(sheets: readonly Stylesheet[], page: PageContext | undefined): { size: readonly [number, number]; margins: number[] } {
  const rules: PageRule[] = [];
  for (const sheet of sheets) for (const parsed of sheet.parsed.pages) rules.push({ ...parsed, order: rules.length, origin: sheet.origin });
  const applying = page === undefined
    ? rules.filter((rule) => rule.selectors.every((s) => s.name === undefined && s.pseudoClasses.length === 0 && s.nth === undefined))
    : matchingRules(rules, page);
  let size: readonly [number, number] = DEFAULT_PAGE_SIZE;
  const margins = [0, 0, 0, 0];
  for (const rule of applying) {
    for (const raw of rule.declarations) {
      if (raw.property === 'size') {
        size = heldSize(sizeOf(raw.value) ?? size);
        continue;
      }
      if (!raw.property.startsWith('margin')) continue;
      for (const d of parseRaw(raw).declarations) {
        if (d.slot.kind !== 'longhand' || d.value.kind !== 'value' || typeof d.value.value !== 'number') continue;
        const side = ['margin-top', 'margin-right', 'margin-bottom', 'margin-left'].indexOf(d.property);
        if (side >= 0) margins[side] = d.value.value;
      }
    }
  }
  return { size, margins };
}
