/** Intrinsic (min-content / max-content) widths of block containers (CSS Sizing 3 §5). */
import type { BlockBox, ReplacedBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { LayoutContext } from './context.js';
import type { IntrinsicSizes } from './inline/intrinsic.js';
import { inlineContentIntrinsicSizes } from './inline/index.js';
import { inlineEnv } from './block-lines.js';
import { replacedSize } from './replaced.js';

const cache = new WeakMap<BlockBox, IntrinsicSizes>();

/** Content-box intrinsic widths of a block container. */
export function intrinsicSizes(box: BlockBox, ctx: LayoutContext): IntrinsicSizes {
  const cached = cache.get(box);
  if (cached !== undefined) return cached;
  const sizes = box.inlineContent ? inlineContentIntrinsicSizes(box, inlineEnv(ctx)) : blockChildrenSizes(box, ctx);
  cache.set(box, sizes);
  return sizes;
}

function blockChildrenSizes(box: BlockBox, ctx: LayoutContext): IntrinsicSizes {
  let minContent = 0;
  let maxContent = 0;
  for (const child of box.children as readonly (BlockBox | ReplacedBox)[]) {
    const contribution = outerContribution(child, ctx);
    minContent = Math.max(minContent, contribution.minContent);
    maxContent = Math.max(maxContent, contribution.maxContent);
  }
  return { minContent, maxContent };
}

/** A child's outer size contribution: its own width when fixed, else its content, plus fixed edges. */
function outerContribution(child: BlockBox | ReplacedBox, ctx: LayoutContext): IntrinsicSizes {
  const style = child.style;
  const edges = fixedEdges(style);
  if (child.kind === 'replaced') {
    const width = replacedSize(child, ctx.images.get(child.src), 0, undefined).width + edges;
    return { minContent: width, maxContent: width };
  }
  if (typeof style.width === 'number') {
    const width = style.boxSizing === 'border-box' ? style.width + fixedMargins(style) : style.width + edges;
    return { minContent: width, maxContent: width };
  }
  const inner = intrinsicSizes(child, ctx);
  return { minContent: inner.minContent + edges, maxContent: inner.maxContent + edges };
}

function fixedMargins(style: ComputedStyle): number {
  return (typeof style.marginLeft === 'number' ? style.marginLeft : 0) + (typeof style.marginRight === 'number' ? style.marginRight : 0);
}

function fixedEdges(style: ComputedStyle): number {
  const padding = (typeof style.paddingLeft === 'number' ? style.paddingLeft : 0) + (typeof style.paddingRight === 'number' ? style.paddingRight : 0);
  return fixedMargins(style) + style.borderLeftWidth + style.borderRightWidth + padding;
}
