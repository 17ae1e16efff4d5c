/**
 * The font families a declaration's text names, read as text where no parsed value is at hand:
 * `octavo check`'s scan of a template's CSS (cli/shared/font-families.ts) and the place of a
 * missing-family warning in an `@page` rule (css/page-family-place.ts).
 */

/** System font keywords of the `font` shorthand (no family list follows them). */
const SYSTEM_FONTS = new Set(['caption', 'icon', 'menu', 'message-box', 'small-caption', 'status-bar']);

/** The names of a family list, unquoted, with their offsets in `list` and whether they were quoted. */
export function familyNames(list: string): { name: string; offset: number; quoted: boolean }[] {
  const result: { name: string; offset: number; quoted: boolean }[] = [];
  const pattern = /\s*("([^"]*)"|'([^']*)'|[^,]+)\s*(,|$)/g;
  for (let match = pattern.exec(list); match !== null && match[0] !== ''; match = pattern.exec(list)) {
    const raw = match[1] ?? '';
    const quoted = match[2] !== undefined || match[3] !== undefined;
    const name = (match[2] ?? match[3] ?? raw.trim().replace(/\s+/g, ' ')).trim();
    result.push({ name, offset: match.index + match[0].indexOf(raw), quoted });
  }
  return result;
}

/** The family list of a `font` shorthand value: what follows the size (and `/line-height`). */
export function shorthandFamilies(value: string): { list: string; offset: number } | undefined {
  if (SYSTEM_FONTS.has(value.trim().toLowerCase())) return undefined;
  const size = /(?:^|\s)(?:[\d.]+(?:[a-z]+|%)?|xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|smaller|larger)(?:\s*\/\s*[^\s,]+)?\s+/i.exec(value);
  if (size === null) return undefined;
  const offset = size.index + size[0].length;
  return { list: value.slice(offset), offset };
}
