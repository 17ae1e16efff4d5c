/**
 * Room for ruby annotations between lines (CSS Ruby 1 §3.3), as Chromium 156 makes it: an
 * annotation over its base (block/ruby-text.ts) may reach into the leading above its line and
 * the leading below the line before; a line whose annotation's em box reaches further grows by
 * the rest, in whole pixels. Measured against Chromium with Noto Sans CJK JP at line heights of
 * 24–40px: a 20px base with 10px annotations reaches 11.68px above its em box, and a 30px line
 * grows by 2px.
 *
 * A paragraph's second and later lines grow, each reckoned against the line before with its own
 * strut; its first line against its own leading alone, whatever is before it (margins do not
 * count, as in Chromium: 5, 3 and 1px at 16px with line heights of 1.5, 1.8 and 2; 11, 9, 7, 6, 5,
 * 3, 1 and 0px at 20px with line heights of 20–44px).
 */
import type { BlockBox, InlineFlowBox } from '../../boxes/types.js';
import type { Fragment } from '../types.js';
import { offsetFragment } from '../fragment.js';
import type { LaidOutLine } from './line-box.js';
import type { Piece } from './pieces.js';
import type { MetricsEnv } from './vertical-align.js';
import { inlineMetrics } from './vertical-align.js';

/**
 * The line grown for the annotations over its ruby pairs (the line itself when it need not grow).
 * `first`: the paragraph's first line, which has only its own leading above (Chromium 156 grows it
 * by the whole pixels of the rest, whatever margin or line is before it: 6px at 20px/30px, 4px at
 * 16px/28.8px).
 */
export function withRubyRoom(line: LaidOutLine, pieces: readonly Piece[], box: InlineFlowBox, env: MetricsEnv, first: boolean): LaidOutLine {
  if (!hasRubyOver(pieces)) return line;
  const root = inlineMetrics(box.style, env);
  // the line before has this line's strut: the leading below its em box
  const roomBelowBefore = first ? 0 : root.below - root.font.emDescent;
  const reach = -highestAnnotation(line.children, 0, env, first) - roomBelowBefore;
  const growth = reach > 0.01 ? Math.ceil(reach - 0.01) : 0;
  if (growth === 0) return line;
  return { ...line, height: line.height + growth, baseline: line.baseline + growth, children: line.children.map((child) => offsetFragment(child, 0, growth)) };
}

function hasRubyOver(pieces: readonly Piece[]): boolean {
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.kind === 'atomic' && isRubyOver(piece.box)) return true;
  }
  return false;
}

function isRubyOver(box: { readonly kind: string }): box is BlockBox {
  const ruby = box.kind === 'block' ? (box as BlockBox).ruby : undefined;
  return ruby !== undefined && ruby.text.style.rubyPosition !== 'under';
}

/**
 * The top of the highest annotation em box over a pair among `fragments` (offset by `y`), in the
 * line's frame (Infinity: none). `wholeEm`: the annotation's em ascent in whole pixels, as
 * Chromium reckons a first line's (measured at 14, 16 and 20px, line heights of 1–2.2).
 */
function highestAnnotation(fragments: readonly Fragment[], y: number, env: MetricsEnv, wholeEm: boolean): number {
  let top = Infinity;
  for (const fragment of fragments) {
    if (fragment.kind !== 'box') continue;
    const at = y + fragment.y;
    if (isRubyOver(fragment.box) && fragment.children.length > 0) {
      // the annotation is the pair's last child (block/ruby-text.ts); its em box starts below its half-leading
      const annotation = fragment.children[fragment.children.length - 1]!;
      const metrics = inlineMetrics(annotation.kind === 'box' ? annotation.style : fragment.box.ruby!.text.style, env);
      const emAscent = wholeEm ? Math.floor(metrics.font.emAscent) : metrics.font.emAscent;
      top = Math.min(top, at + annotation.y + metrics.above - emAscent);
    } else if (fragment.box.kind === 'inline') {
      top = Math.min(top, highestAnnotation(fragment.children, at, env, wholeEm));
    }
  }
  return top;
}
