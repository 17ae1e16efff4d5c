/**
 * The UA stylesheet's "quirky" margins: those Chromium's html.css writes in its quirks-only unit
 * `__qem` — the top margins of paragraphs, headings, lists, `pre` and `blockquote`, and the bottom
 * margins of paragraphs and `pre`. In quirks mode such a margin is dropped where it would collapse
 * into the top or bottom of `body` or a table cell (HTML §15.3.3; layout/margins.ts); a margin an
 * author sets is never quirky. The UA sheet's own declarations are marked, so the cascade can tell
 * which element's winning margin is one of them.
 */
import type { Declaration, ParsedSheet } from './stylesheet.js';

const QUIRKY_TOP = new Set(['p', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dir', 'dl', 'menu', 'ol', 'ul', 'listing', 'plaintext', 'pre', 'xmp']);
const QUIRKY_BOTTOM = new Set(['p', 'listing', 'plaintext', 'pre', 'xmp']);

/** The sheet writes them flow-relative (HTML §15.3.3): `margin-block-start` is the top one in horizontal text. */
const QUIRKY_SIDES: Readonly<Record<string, ReadonlySet<string> | undefined>> = { 'margin-block-start': QUIRKY_TOP, 'margin-block-end': QUIRKY_BOTTOM };

const quirkyDeclarations = new WeakSet<Declaration>();

/** Bits of ComputedStyle.quirkyMargins. */
export const QUIRKY_MARGIN_TOP = 1;
export const QUIRKY_MARGIN_BOTTOM = 2;

/** Marks the margins of the UA sheet's rules whose selectors are all elements with quirky ones. */
export function markQuirkyMargins(sheet: ParsedSheet): void {
  for (const rule of sheet.rules) {
    const tags = rule.selectors.map((s) => s.text.trim());
    for (const decl of rule.normal) {
      const quirky = QUIRKY_SIDES[decl.property];
      if (quirky !== undefined && tags.every((tag) => quirky.has(tag))) quirkyDeclarations.add(decl);
    }
  }
}

/** ComputedStyle.quirkyMargins of an element whose margins the given declarations won. */
export function quirkyMarginBits(top: Declaration | undefined, bottom: Declaration | undefined): number {
  return (top !== undefined && quirkyDeclarations.has(top) ? QUIRKY_MARGIN_TOP : 0)
    | (bottom !== undefined && quirkyDeclarations.has(bottom) ? QUIRKY_MARGIN_BOTTOM : 0);
}
