/**
 * A line laid out in the band the floats leave free for it (CSS2 §9.5; CSS Shapes 1 §2 beside a
 * float with `shape-outside`): the band is as high as the line, which is known once it is laid out;
 * and where the line after it may start when it ends with a `<br>` that clears floats.
 */
import type { InlineFlowBox } from '../../boxes/types.js';
import type { LayoutContext } from '../contract.js';
import type { Band, ExclusionSpace } from '../exclusions.js';
import { clearSides, floatsBottom, freeLineBand } from '../exclusions.js';
import type { InlineLine } from '../inline/index.js';
import { layoutLine } from '../inline/index.js';
import type { MeasuredInline } from '../inline/measured.js';
import type { InlineResume } from '../inline/resume.js';
import type { BlockFrame } from './flow.js';
import { inlineEnv } from './inline-env.js';

/** What laying a line out needs of its block's flow (lines.ts LinesFlow). */
export interface LineFlow {
  readonly frame: BlockFrame;
  readonly box: InlineFlowBox;
  readonly measured: MeasuredInline;
  readonly ctx: LayoutContext;
  /** Height a line is assumed to have before it is laid out (the strut's). */
  readonly strutHeight: number;
}

/**
 * The line starting at `at`, laid out in the band the floats leave free at `top`, first as high as
 * the strut. A line taller than that (an image, an inline-block, a larger font) is laid out again
 * in the band of its own height, at most twice more while it grows: a float that starts beside its
 * lower part, or a shape that reaches further there, narrows it, as in Chromium.
 */
export function lineInBand(flow: LineFlow, at: InlineResume, top: number, exclusions: ExclusionSpace): { band: Band; line: InlineLine } {
  const { frame } = flow;
  const lay = (height: number): { band: Band; line: InlineLine } => {
    const band = freeLineBand(exclusions, top, height, frame.contentX, frame.contentX + frame.contentWidth);
    return { band, line: layoutLine(flow.box, flow.measured, at, { width: band.right - band.left, contentWidth: frame.contentWidth }, inlineEnv(flow.ctx)) };
  };
  let laid = lay(flow.strutHeight);
  if (exclusions.count === 0) return laid;
  for (let height = flow.strutHeight, again = 0; again < 2 && laid.line.height > height + 0.01; again++) {
    height = laid.line.height;
    laid = lay(height);
  }
  return laid;
}

/**
 * Where the next line may start: below the floats a `<br>` ending this line clears (`clear` on a
 * line break, `<br clear=all>`), as Chromium places the line after it — the line of the `<br>`
 * itself stays beside them.
 */
export function belowClearedFloats(box: InlineFlowBox, line: InlineLine, bottom: number, exclusions: ExclusionSpace): number {
  const last = line.pieces[line.pieces.length - 1];
  if (last?.kind !== 'break' || last.box.style.clear === 'none' || exclusions.count === 0) return bottom;
  const sides = clearSides(last.box.style.clear, box.style.direction);
  return sides === undefined ? bottom : Math.max(bottom, floatsBottom(exclusions, sides));
}
