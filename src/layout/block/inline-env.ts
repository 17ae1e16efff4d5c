/**
 * What inline layout needs from the rest of layout (inline/measured.ts `InlineEnv`): atomic
 * inlines, floats' sizes, and the render's caches of inline content, which this module keys.
 */
import type { BoxElement, InlineFlowBox } from '../../boxes/types.js';
import { altTextInlines } from '../inline/alt-text.js';
import type { LayoutContext } from '../contract.js';
import { cacheKey } from '../contract.js';
import type { FontRequest, GlyphRun } from '../../text/types.js';
import type { InlineEnv, MeasuredByWidth } from '../inline/measured.js';
import type { RunFacts } from '../inline/measure.js';
import type { InlineMetrics } from '../inline/vertical-align.js';
import { layoutAtomicInline } from './atomic.js';
import { boxEdges, definiteContentHeight, isAutoHeight } from '../box-model.js';
import { anchorIntrinsicSizes } from '../intrinsic.js';
import { floatBox } from '../inline/initial-letter.js';

/** Inline formatting contexts cut into measured pieces, per containing width (dropped page by page: document.ts). */
export const MEASURED_INLINE = cacheKey('measured inline', () => new WeakMap<InlineFlowBox, MeasuredByWidth>());
/** Content language of elements (HTML `lang`). */
const LANGS = cacheKey('langs', () => new WeakMap<BoxElement, string>());
/** Inline metrics by font request (inline/vertical-align.ts). */
const INLINE_METRICS = cacheKey('inline metrics', () => new WeakMap<FontRequest, InlineMetrics>());
/**
 * What measuring reads from each shaped run, for every render of the process: the engine's shaping
 * caches hand the same frozen runs to every render, and the facts depend on the run alone, so a
 * render reads them instead of building ~10,000 records again (a long table). Weak: an entry dies
 * with its run, so the shaping caches' bounds bound it.
 */
const RUN_FACTS: WeakMap<GlyphRun, RunFacts> = new WeakMap();
/** The render's environment, made once (its functions close over the context first asking). */
const ENV = cacheKey('inline env', () => ({ env: undefined as InlineEnv | undefined }));

/**
 * The content height a block container's own style makes definite (a length `height`, or
 * `calc()` of lengths), else undefined: a percentage one would need its parent's height, which the
 * pieces (cached by box and width) cannot depend on. An anonymous block's is its element's
 * (CSS2 §9.2.1.1), a table cell's the one it sets though it is laid out with an auto height.
 */
function ownDefiniteHeight(box: InlineFlowBox, containingWidth: number): number | undefined {
  const style = box.containerStyle ?? box.style;
  if (isAutoHeight(style.height)) return undefined;
  return definiteContentHeight(style, undefined, boxEdges(style, containingWidth).y);
}

export function inlineEnv(ctx: LayoutContext): InlineEnv {
  const made = ctx.caches.of(ENV);
  made.env ??= {
    text: ctx.text,
    layoutAtomic: (box, containingWidth, containingHeight) => layoutAtomicInline(box, containingWidth, containingHeight, ctx),
    definiteHeightOf: ownDefiniteHeight,
    // an initial letter's float counts at its resolved size (inline/initial-letter.ts)
    anchorSizes: (box) => anchorIntrinsicSizes(box.scheme === 'float' ? { ...box, box: floatBox(box.box, ctx) } : box, ctx),
    cache: ctx.caches.of(MEASURED_INLINE),
    langs: ctx.caches.of(LANGS),
    metrics: ctx.caches.of(INLINE_METRICS),
    documentMode: ctx.documentMode,
    runFacts: RUN_FACTS,
    altTextInline: altTextInlines(ctx.images, ctx.documentMode),
  };
  return made.env;
}
