/**
 * The block formatting context's content sizes (CSS Sizing 3 §5): inline content's, or its
 * children's widest contribution (the block entry of the table in dispatch.ts).
 */
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { IntrinsicSizes, LayoutContext } from '../contract.js';
import { outerIntrinsicSizes } from '../intrinsic.js';
import { inlineContentIntrinsicSizes } from '../inline/index.js';
import { inlineEnv } from './inline-env.js';

export function blockIntrinsicSizes(box: BlockBox, ctx: LayoutContext, keep: boolean): IntrinsicSizes {
  return box.inlineContent ? inlineContentIntrinsicSizes(box, inlineEnv(ctx), keep) : blockChildrenSizes(box.children, ctx);
}

/** Block flow: the widest child; floats side by side add up at max-content (as browsers do). */
function blockChildrenSizes(children: readonly BlockLevelBox[], ctx: LayoutContext): IntrinsicSizes {
  let minContent = 0;
  let maxContent = 0;
  let floatRow = 0;
  for (const child of children) {
    if (child.kind === 'out-of-flow') {
      if (child.scheme !== 'float') continue;
      const float = outerIntrinsicSizes(child.box, ctx);
      minContent = Math.max(minContent, float.minContent);
      floatRow += float.maxContent;
      maxContent = Math.max(maxContent, floatRow);
      continue;
    }
    floatRow = 0;
    const contribution = outerIntrinsicSizes(child, ctx);
    minContent = Math.max(minContent, contribution.minContent);
    maxContent = Math.max(maxContent, contribution.maxContent);
  }
  return { minContent, maxContent };
}
