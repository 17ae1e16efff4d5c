/**
 * `font-variant-position: super | sub` (CSS Fonts 4 §6.6). A text run uses the font's `sups` /
 * `subs` glyphs when the font has one for every character of the run (text/request.ts asks for
 * the feature); otherwise the whole run is synthesized: the normal glyphs, smaller, raised or
 * lowered, and without changing the height of the line (§6.6: they "have no effect on the
 * line-height"). The synthesized run is an anonymous inline box around the text, aligned by a
 * `vertical-align` length, with a zero line-height so that it adds nothing to the line box.
 */
import type { InlineBox, InlineFlowBox, InlineLevelBox, TextBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { ShapedText, TextSystem } from '../../text/types.js';

/** Firefox's synthesis: the glyphs at 0.82 of the size up to 20px, 0.667 from 45px, linear between. */
const SMALL_RATIO = 0.82;
const LARGE_RATIO = 0.667;
const SMALL_SIZE = 20;
const LARGE_SIZE = 45;
/** Firefox's offsets of the baseline, in em of the surrounding text. */
const SUPER_OFFSET = 0.34;
const SUB_OFFSET = 0.2;

/** The size ratio of synthesized superscripts and subscripts at a font size. */
export function synthesizedRatio(size: number): number {
  if (size <= SMALL_SIZE) return SMALL_RATIO;
  if (size >= LARGE_SIZE) return LARGE_RATIO;
  return SMALL_RATIO + ((size - SMALL_SIZE) / (LARGE_SIZE - SMALL_SIZE)) * (LARGE_RATIO - SMALL_RATIO);
}

/** The inline content with every synthesized run wrapped; the box itself when there is none. */
export function withSynthesizedPosition<B extends InlineFlowBox | InlineBox>(box: B, text: TextSystem): B {
  let changed = false;
  const children = box.children.map((child) => {
    const next = synthesizedChild(child, text);
    if (next !== child) changed = true;
    return next;
  });
  return changed ? { ...box, children } : box;
}

function synthesizedChild(child: InlineLevelBox, text: TextSystem): InlineLevelBox {
  if (child.kind === 'inline') return withSynthesizedPosition(child, text);
  if (child.kind !== 'text' || child.style.fontVariantPosition === 'normal') return child;
  if (hasPositionGlyphs(child.text, child.style, text)) return child;
  const style = synthesizedStyle(child.style);
  const inner: TextBox = { ...child, style };
  return { kind: 'inline', style, element: undefined, pseudo: undefined, children: [inner] };
}

/** Whether shaping with `sups`/`subs` replaces every glyph of the run (white space aside). */
function hasPositionGlyphs(content: string, style: ComputedStyle, text: TextSystem): boolean {
  const visible = content.replace(/\s+/gu, '');
  if (visible === '') return true;
  const withFeature = text.shape(visible, fontRequestFromStyle(style));
  const without = text.shape(visible, fontRequestFromStyle(normalStyle(style)));
  const a = glyphIds(withFeature);
  const b = glyphIds(without);
  return a.length === b.length && a.every((id, i) => id !== b[i]);
}

function glyphIds(shaped: ShapedText): number[] {
  return shaped.runs.flatMap((run) => run.glyphs.map((glyph) => glyph.id));
}

const normals = new WeakMap<ComputedStyle, ComputedStyle>();
const synthesized = new WeakMap<ComputedStyle, ComputedStyle>();

/** The style without the position variant (memoised: font requests are cached per style object). */
function normalStyle(style: ComputedStyle): ComputedStyle {
  let result = normals.get(style);
  if (result === undefined) {
    result = { ...style, fontVariantPosition: 'normal' };
    normals.set(style, result);
  }
  return result;
}

/** The style of a synthesized run: smaller, shifted by a length, adding no height to the line. */
function synthesizedStyle(style: ComputedStyle): ComputedStyle {
  let result = synthesized.get(style);
  if (result === undefined) {
    const shift = style.fontVariantPosition === 'super' ? SUPER_OFFSET * style.fontSize : -SUB_OFFSET * style.fontSize;
    result = { ...normalStyle(style), fontSize: style.fontSize * synthesizedRatio(style.fontSize), verticalAlign: shift, lineHeight: 0 };
    synthesized.set(style, result);
  }
  return result;
}
