/**
 * CSS Anchor Positioning 1's functions: `anchor()` in the inset properties (§4.2) and
 * `anchor-size()` in them, the sizing properties and the margins (§5.1). Chromium places a box by
 * them; octavo does not support anchor positioning, so a declaration using one is dropped (the
 * value declared before it stays) with a `css_unsupported` warning rather than called invalid.
 */

const INSETS = /^(?:top|right|bottom|left|inset(?:-(?:block|inline)(?:-(?:start|end))?)?)$/;
const SIZES_AND_MARGINS = /^(?:(?:min-|max-)?(?:width|height|block-size|inline-size)|margin(?:-(?:top|right|bottom|left|block|inline)(?:-(?:start|end))?)?)$/;
const ANCHOR_FUNCTION = /(?:^|[^\w-])(anchor(?:-size)?)\(/gi;

/** The anchor function (`anchor()`, `anchor-size()`) that `text` uses where `property` takes it; undefined when none. */
export function anchorFunctionIn(property: string, text: string): string | undefined {
  for (const match of text.matchAll(ANCHOR_FUNCTION)) {
    const name = match[1]!.toLowerCase();
    if (INSETS.test(property) || (name === 'anchor-size' && SIZES_AND_MARGINS.test(property))) return `${name}()`;
  }
  return undefined;
}
