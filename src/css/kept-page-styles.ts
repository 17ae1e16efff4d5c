/**
 * Page boxes and margin-box styles kept across the renders of one stylesheet list. The cascade
 * memo of the list holds them (css/style-sharing.ts): its `@page` rules are the same for every
 * document made with it, so a page box depends only on the style it inherits from (the root's,
 * whose object style sharing keeps as well), the root's custom properties and the kind of page;
 * a margin box's style on its page box and its name. A warm render then computes none of them
 * (a one-page document computed its page box and 16 margin boxes, ~230 properties each, per render).
 * css/page.ts keeps only what it computed without a warning: the next render computes the rest
 * again, and reports its warnings too.
 */
import type { ComputedStyle, KeptPages, PageRuleSource, PageStyle } from './types.js';

/**
 * Most page kinds kept per root style: `:nth()` page selectors make a kind of every page (a long
 * document's pages are computed again by each render instead).
 */
const MAX_KEPT_PAGE_KINDS = 64;

/** The page boxes kept for this root style and custom properties (made on first need); undefined when none are kept. */
export function keptPagesOf(styled: PageRuleSource): KeptPages | undefined {
  const kept = styled.keptPageStyles;
  if (kept === undefined) return undefined;
  const parent = styled.rootStyle ?? styled.initialStyle;
  let pages = kept.pages.get(parent);
  if (pages === undefined) {
    pages = { custom: styled.rootCustom, byKind: new Map() };
    kept.pages.set(parent, pages);
  }
  return pages.custom === styled.rootCustom ? pages : undefined;
}

/** Keeps a page box computed without a warning, for `key`'s kind of page (while under the bound). */
export function keepPageStyle(styled: PageRuleSource, kept: KeptPages, key: string, style: PageStyle): void {
  if (kept.byKind.size >= MAX_KEPT_PAGE_KINDS) return;
  kept.byKind.set(key, style);
  styled.keptPageStyles!.marginBoxes.set(style, new Map());
}

/** The margin-box styles kept with a kept page box, by box name; undefined for a page box not kept. */
export function keptMarginBoxes(styled: PageRuleSource, pageStyle: PageStyle): Map<string, ComputedStyle | undefined> | undefined {
  return styled.keptPageStyles?.marginBoxes.get(pageStyle);
}
