/**
 * MathML's presentational hints (MathML Core §2.1.3): `mathcolor`, `mathbackground`, `mathsize`
 * and a relative `scriptlevel` as the CSS declarations Chromium maps them to (`color`,
 * `background-color`, `font-size`, and 71 % of the font size a level, `font-size: math`).
 */

/** The attributes MathML elements take as hints. */
export const MATH_HINT_ATTRIBUTES: readonly string[] = ['mathcolor', 'mathbackground', 'mathsize', 'scriptlevel'];

/** MathML elements (by name: the parser keeps no namespace): `math` and the `m…` elements, and `semantics`. */
function isMathName(name: string): boolean {
  return name === 'math' || name === 'semantics' || name === 'none' || /^m[a-z]+$/.test(name);
}

const COLOR = /^[#a-z0-9(),.%\s/-]+$/i;
const LENGTH = /^\s*(?:\d+\.?\d*|\.\d+)(?:%|px|pt|pc|in|cm|mm|q|em|rem|ex|ch|lh|vw|vh)\s*$/i;

/** The hints of a MathML element's attributes, as declarations. */
export function mathHints(name: string, attribs: Readonly<Record<string, string>>): string[] {
  if (!isMathName(name)) return [];
  const out: string[] = [];
  const color = attribs['mathcolor']?.trim();
  if (color !== undefined && COLOR.test(color)) out.push(`color: ${color}`);
  const background = attribs['mathbackground']?.trim();
  if (background !== undefined && COLOR.test(background)) out.push(`background-color: ${background}`);
  const size = attribs['mathsize']?.trim();
  if (size !== undefined && LENGTH.test(size)) out.push(`font-size: ${size}`);
  const level = /^\s*([+-])(\d{1,2})\s*$/.exec(attribs['scriptlevel'] ?? '');
  if (level !== null && size === undefined) {
    const steps = Number(level[2]) * (level[1] === '-' ? -1 : 1);
    out.push(`font-size: ${(100 * 0.71 ** steps).toFixed(4)}%`);
  }
  return out;
}
