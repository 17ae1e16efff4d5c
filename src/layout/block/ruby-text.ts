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
  const spread = spaceAround(annotation, width, ctx);
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

/** Characters ruby spreads an annotation between (CSS Text 3 §7.1: CJK text has a justification opportunity between each two). */
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30fc]+$/u;

/**
 * `ruby-align: space-around` (the initial value, CSS Ruby 1 §4.2): an annotation of CJK characters
 * narrower than its base is justified between its characters with half a share at each end, as
 * Chromium sets furigana; other text is centred.
 */
function spaceAround(annotation: BlockBox, width: number, ctx: LayoutContext): { box: BlockBox; width: number; inset: number } {
  const text = annotationText(annotation);
  const count = text === undefined || !CJK_ONLY.test(text) ? 0 : [...text].length;
  const extra = count === 0 ? 0 : width - outerIntrinsicSizes(annotation, ctx).maxContent;
  if (extra < 0.01) return { box: annotation, width, inset: 0 };
  const share = extra / count;
  return { box: { ...annotation, style: justified(annotation.style, ctx) }, width: width - share, inset: share / 2 };
}

/**
 * The annotation's style justified, one record per style (the annotations of a text share theirs,
 * boxes/ruby.ts): the fragment keeps it, and a copy per spread annotation held ~2 KB, with its
 * font request and metrics, until the page was painted.
 */
const JUSTIFIED = cacheKey('justified ruby annotation styles', () => new WeakMap<ComputedStyle, ComputedStyle>());

function justified(style: ComputedStyle, ctx: LayoutContext): ComputedStyle {
  const styles = ctx.caches.of(JUSTIFIED);
  let copy = styles.get(style);
  if (copy === undefined) {
    copy = withStyle(style, { textAlign: 'justify', textAlignLast: 'justify' });
    styles.set(style, copy);
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
