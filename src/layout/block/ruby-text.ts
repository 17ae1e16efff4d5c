/**
 * A ruby pair's annotation (CSS Ruby 1 §3, boxes/ruby.ts): laid out at the pair's width, its text
 * centred, and set on the base's em box — its bottom on the em box's top (`ruby-position: over`)
 * or its top on the em box's bottom (`under`) — outside the pair's flow, so that the line keeps
 * its height and the annotation overhangs it, as in Chromium 156.
 */
import type { BlockBox, Box } from '../../boxes/types.js';
import { withStyle } from '../../css/compute.js';
import type { ComputedStyle } from '../../css/types.js';
import { outerIntrinsicSizes } from '../intrinsic.js';
import { inlineContentIntrinsicSizes } from '../inline/index.js';
import { inlineEnv } from './inline-env.js';
import type { BoxFragment } from '../types.js';
import type { LayoutContext, LayoutInput } from '../contract.js';
import { cacheKey, layoutBox } from '../contract.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { offsetFragment } from '../fragment.js';
import { withBoxFields } from '../fragment-records.js';
import { fontRequestFromStyle } from '../../text/request.js';

/** `pair`: the pair's border box; `firstBaseline`: its base's first baseline in the pair's frame. */
export function withRubyText(pair: BoxFragment, annotation: BlockBox, firstBaseline: number | undefined, mode: LayoutInput['mode'], ctx: LayoutContext): BoxFragment {
  const width = pair.width - pair.border.left - pair.border.right - pair.padding.left - pair.padding.right;
  const spread = annotationAligned(annotation, width, ctx);
  const laid = layoutBox(spread.box, {
    mode, available: spread.width, containingWidth: spread.width, containingHeight: undefined, containingDirection: pair.style.direction,
    fixedWidth: spread.width, x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, ctx);
  if (laid.kind !== 'placed') return pair;
  const font = ctx.text.metrics(fontRequestFromStyle(pair.style));
  // an empty base has no line: the pair sits on the baseline by its bottom edge (CSS2 §10.8.1)
  const baseline = firstBaseline ?? pair.height;
  // over: the annotation's box ends on the base's em box; under: its own em box starts under the
  // base's (Chromium 156: 9px above, 23px below a 20px/30px Noto Sans CJK base)
  const under = annotation.style.rubyPosition === 'under';
  const top = under ? baseline + font.emDescent - emBoxInset(annotation, laid.baselines.first, ctx) : baseline - font.emAscent - laid.fragment.height;
  const x = pair.border.left + pair.padding.left + spread.inset;
  return withBoxFields(pair, { children: [...pair.children, offsetFragment(laid.fragment, x - laid.fragment.x, top - laid.fragment.y)] });
}

/** Characters ruby spreads a base or an annotation between (CSS Text 3 §7.1: CJK text has a justification opportunity between each two). */
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30fc]+$/u;

/** A ruby base or annotation laid out `width` wide, `inset` from the start of the room it was given. */
export interface RubySpread {
  readonly box: BlockBox;
  readonly width: number;
  readonly inset: number;
}

/** The annotation in the pair's content box `width` wide, aligned by `ruby-align` when it is the narrower. */
function annotationAligned(annotation: BlockBox, width: number, ctx: LayoutContext): RubySpread {
  return rubyAligned(annotation, { width, own: outerIntrinsicSizes(annotation, ctx).maxContent }, ctx);
}

/**
 * The base of a ruby pair (the pair's own content), aligned by `ruby-align` in its content box
 * `width` wide when the annotation is wider than it; undefined for other boxes and for a base
 * that fills its pair.
 */
export function rubyBaseSpread(pair: BlockBox, width: number, ctx: LayoutContext): RubySpread | undefined {
  if (pair.ruby === undefined || !pair.inlineContent) return undefined;
  const own = baseWidth(pair, ctx);
  const spread = rubyAligned(pair, { width, own }, ctx);
  return spread.box === pair && spread.inset === 0 ? undefined : spread;
}

/** The max-content width of a pair's base (its own inline content, without the annotation). */
function baseWidth(pair: BlockBox, ctx: LayoutContext): number {
  return pair.inlineContent ? inlineContentIntrinsicSizes(pair, inlineEnv(ctx), false).maxContent : 0;
}

/**
 * The room a ruby pair's base leaves at its start and end in the pair `width` wide, as
 * `ruby-align` sets it: what its annotation may overhang the text beside (block/atomic.ts).
 */
export function rubyBaseGaps(pair: BlockBox, width: number, ctx: LayoutContext): { start: number; end: number } {
  const own = baseWidth(pair, ctx);
  const free = width - own;
  if (free < 0.01) return { start: 0, end: 0 };
  const spread = rubyAligned(pair, { width, own }, ctx);
  if (spread.box === pair) return { start: free / 2, end: free / 2 };
  if (pair.style.rubyAlign === 'start') return { start: 0, end: free };
  return { start: spread.inset, end: width - spread.width - spread.inset };
}

/**
 * `ruby-align` (CSS Ruby 1 §4.2), for the narrower of a base and its annotation, as Chromium 156
 * sets them: `space-around` (the initial value) justifies CJK text between its characters with
 * half a share at each end, `space-between` with the characters at both ends (one character is
 * centred), and centres other text; `center` centres (boxes/ruby.ts centres both); `start` sets
 * it at the start.
 */
function rubyAligned(box: BlockBox, room: { readonly width: number; readonly own: number }, ctx: LayoutContext): RubySpread {
  const { width, own } = room;
  const align = box.style.rubyAlign;
  if (width - own < 0.01 || align === 'center') return { box, width, inset: 0 };
  if (align === 'start') return { box: restyled(box, 'start', ctx), width, inset: 0 };
  const text = annotationText(box);
  const count = text === undefined || !CJK_ONLY.test(text) ? 0 : [...text].length;
  if (align === 'space-between') return count < 2 ? { box, width, inset: 0 } : { box: restyled(box, 'justify', ctx), width, inset: 0 };
  if (count === 0) return { box, width, inset: 0 };
  const share = (width - own) / count;
  return { box: restyled(box, 'justify', ctx), width: width - share, inset: share / 2 };
}

/**
 * The box with its text justified or set at the start: one style record per style (the
 * annotations of a text share theirs, boxes/ruby.ts) — the fragment keeps it, and a copy per
 * spread annotation held ~2 KB, with its font request and metrics, until the page was painted —
 * and one box per box, so that its measured text is kept between layouts.
 */
const RESTYLED = cacheKey('ruby bases and annotations justified or set at the start', () => ({
  styles: { justify: new WeakMap<ComputedStyle, ComputedStyle>(), start: new WeakMap<ComputedStyle, ComputedStyle>() },
  boxes: { justify: new WeakMap<BlockBox, BlockBox>(), start: new WeakMap<BlockBox, BlockBox>() },
}));

function restyled(box: BlockBox, align: 'justify' | 'start', ctx: LayoutContext): BlockBox {
  const cache = ctx.caches.of(RESTYLED);
  let copy = cache.boxes[align].get(box);
  if (copy === undefined) {
    let style = cache.styles[align].get(box.style);
    if (style === undefined) {
      style = withStyle(box.style, align === 'justify' ? { textAlign: 'justify', textAlignLast: 'justify' } : { textAlign: 'start', textAlignLast: 'auto' });
      cache.styles[align].set(box.style, style);
    }
    copy = { ...box, style };
    cache.boxes[align].set(box, copy);
  }
  return copy;
}

/** The annotation's text, white space collapsed away, when it is text alone. */
function annotationText(box: BlockBox): string | undefined {
  let text = '';
  const visit = (children: readonly Box[]): boolean => children.every((child) => {
    if (child.kind === 'text') {
      text += child.text.replace(/[ \t\n\r\f]+/g, '');
      return true;
    }
    return child.kind === 'inline' && visit(child.children);
  });
  return visit(box.children) ? text : undefined;
}

/** How far below the annotation box's top its first line's em box starts. */
function emBoxInset(annotation: BlockBox, firstBaseline: number | undefined, ctx: LayoutContext): number {
  const font = ctx.text.metrics(fontRequestFromStyle(annotation.style));
  return firstBaseline === undefined ? 0 : Math.max(0, firstBaseline - font.emAscent);
}
