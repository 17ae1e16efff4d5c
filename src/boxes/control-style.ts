/** Style pieces the drawn form controls share (form-controls.ts, form-pickers.ts). */
import type { Color, ComputedStyle } from '../css/types.js';

/** A 1px (or `width`) solid border of one colour on all four sides. */
export function solidBorder(width: number, color: Color): Pick<ComputedStyle,
  'borderTopWidth' | 'borderRightWidth' | 'borderBottomWidth' | 'borderLeftWidth' | 'borderTopStyle' | 'borderRightStyle' | 'borderBottomStyle' | 'borderLeftStyle'
  | 'borderTopColor' | 'borderRightColor' | 'borderBottomColor' | 'borderLeftColor'> {
  return {
    borderTopWidth: width, borderRightWidth: width, borderBottomWidth: width, borderLeftWidth: width,
    borderTopStyle: 'solid', borderRightStyle: 'solid', borderBottomStyle: 'solid', borderLeftStyle: 'solid',
    borderTopColor: color, borderRightColor: color, borderBottomColor: color, borderLeftColor: color,
  };
}

/**
 * A box with no line (its bottom margin edge on the baseline, CSS2 §10.8.1) whose baseline is to
 * be `below` px higher: lowered that much, unless the author aligns it otherwise.
 */
export function baselineAboveMarginEdge(style: ComputedStyle, below: number): ComputedStyle {
  return style.verticalAlign === 'baseline' && below !== 0 ? { ...style, verticalAlign: -below } : style;
}

/** Chromium puts a drawn control's border-box bottom (not its margin's) on the baseline: a checkbox's, a slider's. */
export function onBorderBoxBaseline(style: ComputedStyle): ComputedStyle {
  return baselineAboveMarginEdge(style, lengthOrZero(style.marginBottom));
}

/** A used margin or padding in px; 0 for `auto` or a percentage not resolved here. */
export function lengthOrZero(value: ComputedStyle['marginBottom'] | ComputedStyle['paddingBottom']): number {
  return typeof value === 'number' ? value : 0;
}

/** The same circular radius at all four corners. */
export function roundRadii(radius: number): Pick<ComputedStyle, 'borderTopLeftRadius' | 'borderTopRightRadius' | 'borderBottomRightRadius' | 'borderBottomLeftRadius'> {
  const corner = [radius, radius] as const;
  return { borderTopLeftRadius: corner, borderTopRightRadius: corner, borderBottomRightRadius: corner, borderBottomLeftRadius: corner };
}

/** A colour as `#rrggbb`, for the controls drawn as SVG. */
export function hex(color: Color): string {
  const part = (v: number): string => Math.round(v).toString(16).padStart(2, '0');
  return `#${part(color.r)}${part(color.g)}${part(color.b)}`;
}
