/**
 * Pagination (CSS Paged Media 3 §3-5): one page box after another, each with its `@page`
 * style, the root box laid out into the page area and resumed from its break token until the
 * document is complete.
 */
import type { BoxTree } from '../boxes/types.js';
import type { PageStyle } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import { OctavoError } from '../errors.js';
import type { Sides } from '../geometry/types.js';
import type { PageLayout } from './types.js';
import type { LayoutContext } from './context.js';
import type { BreakToken } from './flow.js';
import { EMPTY_STRUT } from './margins.js';
import { layoutBlockLevel } from './block.js';
import { withMarginBoxes } from './page/margin-boxes.js';
import { pageContextAt } from './page/page-context.js';

export type { LayoutContext } from './context.js';

export function layoutDocument(tree: BoxTree, ctx: LayoutContext): PageLayout[] {
  const pages: PageLayout[] = [];
  let token: BreakToken | undefined;
  do {
    const index = pages.length;
    if (index >= ctx.maxPages) {
      throw new OctavoError('limit_exceeded', `the document has more than ${ctx.maxPages} pages`, { hint: 'raise limits.maxPages or shorten the content' });
    }
    ctx.checkBudget?.();
    const pageStyle = ctx.pageStyle(pageContextAt(index));
    const margins = pageMargins(pageStyle);
    const area = { x: margins.left, y: margins.top, width: Math.max(0, pageStyle.width - margins.left - margins.right), height: Math.max(0, pageStyle.height - margins.top - margins.bottom) };
    const result = layoutBlockLevel(tree.root, {
      x: area.x, y: area.y, strut: EMPTY_STRUT,
      containingWidth: area.width, containingHeight: area.height,
      fragmentainerBottom: area.y + area.height,
      atPageTop: true,
      discardTopMargins: token !== undefined && !isForcedToken(token),
    }, ctx, token);
    const children = result.kind === 'placed' ? [result.fragment] : [];
    pages.push({ index, width: pageStyle.width, height: pageStyle.height, pageStyle, margins, children, marginBoxes: [] });
    const next = result.kind === 'placed' ? result.breakToken : undefined;
    if (next !== undefined && token !== undefined && sameToken(next, token)) {
      throw new OctavoError('render_error', 'layout made no progress on a page', { hint: 'this is a bug in octavo; please report the template' });
    }
    token = next;
  } while (token !== undefined);
  // margin boxes last: counter(pages) needs the page count (CSS Paged Media 3 §5)
  return withMarginBoxes(pages, ctx);
}

/** Page margins: percentages of the page width (left/right) and height (top/bottom); auto is 0. */
function pageMargins(page: PageStyle): Sides {
  const side = (value: PageStyle['marginTop'], basis: number): number => (value === 'auto' ? 0 : resolveLength(value, basis));
  return {
    top: side(page.marginTop, page.height),
    right: side(page.marginRight, page.width),
    bottom: side(page.marginBottom, page.height),
    left: side(page.marginLeft, page.width),
  };
}

/** Was the break that ended the previous page forced (margins after it are then kept)? */
function isForcedToken(token: BreakToken): boolean {
  let current: BreakToken | undefined = token;
  while (current !== undefined && current.kind === 'block') {
    if (current.forced === true) return true;
    current = current.child;
  }
  return false;
}

function sameToken(a: BreakToken, b: BreakToken): boolean {
  return JSON.stringify(tokenPath(a)) === JSON.stringify(tokenPath(b));
}

function tokenPath(token: BreakToken | undefined): number[] {
  const path: number[] = [];
  let current = token;
  while (current !== undefined) {
    if (current.kind === 'lines') {
      path.push(-1, current.lineIndex);
      break;
    }
    path.push(current.childIndex);
    current = current.child;
  }
  return path;
}
