/**
 * What inline layout needs from the rest of layout (inline/measured.ts `InlineEnv`): atomic
 * inlines, floats' sizes, and the render's caches of inline content, which this module keys.
 */
import type { BoxElement, InlineFlowBox } from '../../boxes/types.js';
import type { LayoutContext } from '../contract.js';
import { cacheKey } from '../contract.js';
import type { ComputedStyle } from '../../css/types.js';
import type { GlyphRun } from '../../text/types.js';
import type { InlineEnv, MeasuredInline } from '../inline/measured.js';
import type { RunFacts } from '../inline/measure.js';
import type { InlineMetrics } from '../inline/vertical-align.js';
import { layoutAtomicInline } from './atomic.js';
import { anchorIntrinsicSizes } from '../intrinsic.js';

/** Inline formatting contexts cut into measured pieces, per containing width (dropped page by page: document.ts). */
export const MEASURED_INLINE = cacheKey('measured inline', () => new WeakMap<InlineFlowBox, Map<number, MeasuredInline>>());
/** Content language of elements (HTML `lang`). */
const LANGS = cacheKey('langs', () => new WeakMap<BoxElement, string>());
/** Inline metrics by style, and what measuring reads from each shaped run (inline/vertical-align.ts, inline/measure.ts). */
const INLINE_METRICS = cacheKey('inline metrics', () => new WeakMap<ComputedStyle, InlineMetrics>());
const RUN_FACTS = cacheKey('run facts', () => new WeakMap<GlyphRun, RunFacts>());
/** The render's environment, made once (its functions close over the context first asking). */
const ENV = cacheKey('inline env', () => ({ env: undefined as InlineEnv | undefined }));

export function inlineEnv(ctx: LayoutContext): InlineEnv {
  const made = ctx.caches.of(ENV);
  made.env ??= {
    text: ctx.text,
    layoutAtomic: (box, containingWidth) => layoutAtomicInline(box, containingWidth, ctx),
    anchorSizes: (box) => anchorIntrinsicSizes(box, ctx),
    cache: ctx.caches.of(MEASURED_INLINE),
    langs: ctx.caches.of(LANGS),
    metrics: ctx.caches.of(INLINE_METRICS),
    runFacts: ctx.caches.of(RUN_FACTS),
  };
  return made.env;
}
