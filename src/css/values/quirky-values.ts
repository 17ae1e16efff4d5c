/**
 * Values only a document in quirks mode accepts (dom/document-mode.ts): unitless lengths (CSS
 * Values 4 §C, `width: 600` as 600px) and hashless hex colours (CSS Color 4 §B, `color: ff0000`),
 * in the properties the specs list — not in shorthands that include them (`background`), nor
 * inside functions. A declaration invalid as written is read again with the units and `#` added.
 */

const QUIRKY_LENGTH = new Set([
  'background-position', 'border-spacing', 'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width',
  'border-width', 'bottom', 'font-size', 'height', 'left', 'letter-spacing', 'margin', 'margin-top', 'margin-right',
  'margin-bottom', 'margin-left', 'max-height', 'max-width', 'min-height', 'min-width', 'padding', 'padding-top',
  'padding-right', 'padding-bottom', 'padding-left', 'right', 'text-indent', 'top', 'vertical-align', 'width', 'word-spacing',
]);

const QUIRKY_COLOR = new Set([
  'color', 'background-color', 'border-color', 'border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color',
]);

/** A number without unit, outside any function. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The value as quirks mode reads it, or undefined when quirks mode does not read it otherwise. */
export function quirkyValueText(property: string, text: string): string | undefined {
  if (text.includes('(') || text.includes('!')) return undefined;
  const tokens = text.trim().split(/\s+/);
  let changed = false;
  const rewritten = tokens.map((token) => {
    const quirky = (QUIRKY_LENGTH.has(property) ? unitless(token) : undefined) ?? (QUIRKY_COLOR.has(property) ? hashless(token) : undefined);
    if (quirky !== undefined) changed = true;
    return quirky ?? token;
  });
  return changed ? rewritten.join(' ') : undefined;
}

/**
 * The value as a `-webkit-` alias reads it where the standard name does not: `-webkit-perspective:
 * 1000` is 1000px (Blink's alias parsing of perspective, which the GPU hack writes), in any mode.
 */
export function aliasValueText(written: string, text: string): string | undefined {
  const value = text.trim();
  return written === '-webkit-perspective' && NUMBER.test(value) && Number(value) >= 0 ? `${value}px` : undefined;
}

function unitless(token: string): string | undefined {
  return NUMBER.test(token) && Number(token) !== 0 ? `${token}px` : undefined;
}

/**
 * `ff0000` (an identifier), `123456` (a number) or `00ff00` (a number with a unit) as a hex
 * colour: a number and its unit are zero-padded to six digits, an identifier must have 3 or 6.
 */
function hashless(token: string): string | undefined {
  if (!/^[0-9a-f]+$/i.test(token)) return undefined;
  const numeric = /^\d/.test(token);
  const digits = numeric && token.length < 6 ? token.padStart(6, '0') : token;
  return digits.length === 3 || digits.length === 6 ? `#${digits}` : undefined;
}
