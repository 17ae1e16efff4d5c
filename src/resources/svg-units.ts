/** SVG lengths and number lists (SVG 2 §8.6): CSS units and percentages of the viewport. */

const UNITS: Readonly<Record<string, number>> = { px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6 };

/** A length in user units; `basis` for percentages, `fontSize` for em. */
export function length(value: string | undefined, basis: number, fallback = 0, fontSize = 16): number {
  if (value === undefined) return fallback;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(%|[a-z]*)\s*$/i.exec(value);
  if (m === null) return fallback;
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  if (unit === '') return n;
  if (unit === '%') return (n / 100) * basis;
  if (unit === 'em') return n * fontSize;
  if (unit === 'ex' || unit === 'ch') return n * fontSize / 2;
  // an SVG image has no HTML root: `rem` is relative to the initial font size, as in a browser's SVG image
  if (unit === 'rem') return n * 16;
  const factor = UNITS[unit];
  return factor === undefined ? fallback : n * factor;
}

export function numbers(value: string | undefined): number[] {
  if (value === undefined) return [];
  return (value.match(/[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi) ?? []).map(Number);
}
