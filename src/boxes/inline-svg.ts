/**
 * How the box tree names an inline `<svg>` (a data: URL with a parameter of its own), so that
 * its drawing inherits from the HTML around it while an `<img>` of the same markup does not.
 */
const INLINE_SVG_PREFIX = 'data:image/svg+xml;charset=utf-8;octavo=inline,';

export function inlineSvgUrl(markup: string): string {
  return `${INLINE_SVG_PREFIX}${encodeURIComponent(markup)}`;
}

export function isInlineSvgUrl(url: string): boolean {
  return url.startsWith(INLINE_SVG_PREFIX);
}
