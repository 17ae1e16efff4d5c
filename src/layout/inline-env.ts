/** What inline layout needs from the rest of layout: atomic inlines, floats' sizes, the render's caches. */
import type { LayoutContext } from './context.js';
import type { InlineEnv } from './inline/index.js';
import { layoutAtomicInline } from './atomic.js';
import { anchorIntrinsicSizes } from './intrinsic.js';

const envs = new WeakMap<LayoutContext, InlineEnv>();

export function inlineEnv(ctx: LayoutContext): InlineEnv {
  let env = envs.get(ctx);
  if (env === undefined) {
    env = {
      text: ctx.text,
      layoutAtomic: (box, containingWidth) => layoutAtomicInline(box, containingWidth, ctx),
      anchorSizes: (box) => anchorIntrinsicSizes(box, ctx),
      cache: ctx.caches.inline,
      langs: ctx.caches.langs,
    };
    envs.set(ctx, env);
  }
  return env;
}
