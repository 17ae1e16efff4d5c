/**
 * The footnote area of a page (CSS GCPM 3 §2.2): the bodies of the footnotes whose calls are on
 * the page, stacked at the bottom of the page area in a box styled by `@page { @footnote {...} }`.
 *
 * The room they take is found by laying the page out again (layoutWithFootnotes). A line whose
 * footnote does not fit then no longer fits itself, so it moves to the next page with its call
 * (§2.5); the room its footnote would have taken stays empty on this page.
 */
import type { BlockBox, BlockLevelBox, InlineBox, InlineLevelBox, TextBox } from '../../boxes/types.js';
import type { ComputedStyle, PageContext } from '../../css/types.js';
import type { LayoutContext } from '../context.js';
import type { LayoutResult, LineLimit, PageContent } from '../contract.js';
import type { Fragment } from '../types.js';
import { layoutBox } from '../dispatch.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { offsetFragment } from '../fragment.js';
import { marginOrZero } from '../box-model.js';
import { plainStyle } from './plain-style.js';

/** Most layouts of one page while looking for the room its footnotes need. */
const MAX_ATTEMPTS = 5;

export interface FootnoteArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PageWithFootnotes {
  readonly result: LayoutResult;
  /** The footnote area's fragment at the bottom of the page area; undefined without footnotes. */
  readonly footnotes: Fragment | undefined;
}

/** What a page's flow is laid out with: the room left at its bottom, and where lines may end. */
export interface FootnoteRoom {
  readonly reserve: number;
  readonly lineLimits: readonly LineLimit[] | undefined;
}

/**
 * Lays a page's flow out (`lay` takes the room to leave for footnotes) and its footnotes below it.
 * Each attempt reserves what the footnotes of the previous one need, call by call: the lines
 * above the first call may use the whole page, those from a call on end above the area holding
 * the notes up to that call. The content of an attempt is then a prefix of the previous one's,
 * so the notes it has are laid out exactly as the room reserved for them.
 */
export function layoutWithFootnotes(lay: (room: FootnoteRoom) => LayoutResult, area: FootnoteArea, context: PageContext, ctx: LayoutContext): PageWithFootnotes {
  const style = areaStyle(context, ctx);
  let room: FootnoteRoom = { reserve: 0, lineLimits: undefined };
  let previous: readonly PageContent[] = [];
  for (let attempt = 1; ; attempt++) {
    const result = lay(room);
    const calls = result.kind === 'placed' ? result.pageContent.filter((item) => item.kind === 'footnote') : [];
    if (calls.length === 0) return { result, footnotes: undefined };
    const bodies = calls.map((item) => item.placeholder.box);
    if ((attempt > 1 && isPrefixOf(calls, previous)) || attempt >= MAX_ATTEMPTS) {
      const laid = layoutArea(bodies, area, style, ctx);
      return { result, footnotes: offsetFragment(laid.fragment, 0, area.y + area.height - laid.height) };
    }
    room = roomFor(calls, area, style, ctx);
    previous = calls;
  }
}

function isPrefixOf(calls: readonly PageContent[], previous: readonly PageContent[]): boolean {
  return calls.length <= previous.length && calls.every((call, i) => call.placeholder.box === previous[i]!.placeholder.box);
}

/** The room the notes of `calls` take, note after note: one limit for the lines from each call on. */
function roomFor(calls: readonly PageContent[], area: FootnoteArea, style: ComputedStyle, ctx: LayoutContext): FootnoteRoom {
  const bottom = area.y + area.height;
  const lineLimits: LineLimit[] = [{ y: -Infinity, bottom }];
  let reserve = 0;
  for (let i = 0; i < calls.length; i++) {
    reserve = Math.min(area.height, layoutArea(calls.slice(0, i + 1).map((c) => c.placeholder.box), area, style, ctx).height);
    lineLimits.push({ y: calls[i]!.staticY, bottom: bottom - reserve });
  }
  return { reserve, lineLimits };
}

/** `@footnote` of the page's rules, else a plain block inheriting from the page. */
function areaStyle(context: PageContext, ctx: LayoutContext): ComputedStyle {
  const style = ctx.marginBoxStyle?.(context, 'footnote') ?? ctx.pageStyle(context).style;
  return style === ctx.pageStyle(context).style ? plainStyle(style, 'block') : style;
}

/** The area laid out at y = 0 (its margin box), and its margin-box height. */
function layoutArea(bodies: readonly BlockLevelBox[], area: FootnoteArea, style: ComputedStyle, ctx: LayoutContext): { fragment: Fragment; height: number } {
  const box: BlockBox = { kind: 'block', outer: 'block', style, element: undefined, pseudo: undefined, inlineContent: false, children: withInlineNotes(bodies, style) };
  const laid = layoutBox(box, {
    mode: 'layout', available: area.width, containingWidth: area.width, containingHeight: undefined,
    x: area.x, y: 0, strut: EMPTY_STRUT, exclusions: NO_EXCLUSIONS, fragmentainer: undefined,
  }, ctx);
  if (laid.kind !== 'placed') throw new Error('a footnote area cannot be pushed');
  const height = laid.fragment.y + laid.fragment.height + marginOrZero(style.marginBottom, area.width);
  return { fragment: laid.fragment, height };
}

/**
 * `footnote-display: inline` (CSS GCPM 3 §2.6): consecutive inline notes share lines, in an
 * anonymous block; a note whose content is not only inline stays a block.
 */
function withInlineNotes(bodies: readonly BlockLevelBox[], style: ComputedStyle): BlockLevelBox[] {
  const result: BlockLevelBox[] = [];
  let run: InlineLevelBox[] = [];
  const flush = (): void => {
    if (run.length > 0) result.push({ kind: 'block', outer: 'block', style: plainStyle(style, 'block'), element: undefined, pseudo: undefined, inlineContent: true, children: run });
    run = [];
  };
  for (const body of bodies) {
    if (body.kind === 'block' && body.inlineContent && body.style.footnoteDisplay === 'inline') {
      const inline: InlineBox = { kind: 'inline', style: { ...body.style, display: 'inline' }, element: body.element, pseudo: body.pseudo, children: body.children };
      run.push(...(run.length > 0 ? [space(inline.style)] : []), inline);
      continue;
    }
    flush();
    result.push(body);
  }
  flush();
  return result;
}

function space(style: ComputedStyle): TextBox {
  return { kind: 'text', text: ' ', style, element: undefined, pseudo: undefined };
}
