/**
 * The block formatting context's content sizes (CSS Sizing 3 §5): inline content's, or its
 * children's widest contribution (the block entry of the table in dispatch.ts).
 */
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { IntrinsicSizes, LayoutContext } from '../contract.js';
import { outerIntrinsicSizes } from '../intrinsic.js';
import { inlineContentIntrinsicSizes } from '../inline/index.js';
import { inlineEnv } from './inline-env.js';

/** `containingHeight`: see contract.ts `Dispatch.contentSizes` (block children's percentages of it stay theirs to resolve). */
export function blockIntrinsicSizes(box: BlockBox, ctx: LayoutContext, keep: boolean, containingHeight?: number): IntrinsicSizes {
  const content = box.inlineContent ? inlineContentIntrinsicSizes(box, inlineEnv(ctx), keep, containingHeight) : blockChildrenSizes(box.children, ctx);
  const sized = box.ruby === undefined ? content : widest(content, outerIntrinsicSizes(box.ruby.text, ctx));
  return box.legend === undefined ? sized : withLegend(sized, box.legend, ctx);
}

/** A ruby pair is as wide as its base or its annotation (boxes/ruby.ts). */
function widest(a: IntrinsicSizes, b: IntrinsicSizes): IntrinsicSizes {
  return { minContent: Math.max(a.minContent, b.minContent), maxContent: Math.max(a.maxContent, b.maxContent) };
}

/** A fieldset is as wide as its rendered legend at least (it is laid out in its content width: fieldset.ts). */
function withLegend(content: IntrinsicSizes, legend: BlockLevelBox, ctx: LayoutContext): IntrinsicSizes {
  if (legend.kind === 'out-of-flow') return content;
  return widest(content, outerIntrinsicSizes(legend, ctx));
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
      // a margin box made negative by its margins adds nothing, as in Chromium
      floatRow += Math.max(0, float.maxContent);
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
