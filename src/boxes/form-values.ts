/**
 * What a progress bar, a meter and a slider show of their attributes (HTML §4.10.13, §4.10.14,
 * §4.10.5.1.13): the filled fraction, and a meter's region, which colours its bar
 * (form-controls.ts, form-pickers.ts).
 */
import type { DomElement } from '../dom/types.js';

function number(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : undefined;
}

/** HTML §4.10.13: value / max, max 1 by default; an indeterminate bar (no value) is empty. */
export function progressValue(element: DomElement): number {
  const max = number(element.attribs['max']);
  const limit = max !== undefined && max > 0 ? max : 1;
  const value = number(element.attribs['value']);
  return value === undefined ? 0 : Math.min(1, Math.max(0, value / limit));
}

/** HTML §4.10.14: the meter's fraction and its region (0 optimum, 1 suboptimal, 2 even less good). */
export function meterValue(element: DomElement): { fraction: number; region: number } {
  const min = number(element.attribs['min']) ?? 0;
  const maxRaw = number(element.attribs['max']) ?? 1;
  const max = Math.max(min, maxRaw);
  const clamp = (v: number): number => Math.min(max, Math.max(min, v));
  const value = clamp(number(element.attribs['value']) ?? 0);
  const low = clamp(number(element.attribs['low']) ?? min);
  const high = Math.max(low, clamp(number(element.attribs['high']) ?? max));
  const optimum = clamp(number(element.attribs['optimum']) ?? (min + max) / 2);
  const fraction = max > min ? (value - min) / (max - min) : 0;
  if (optimum < low) return { fraction, region: value < low ? 0 : value <= high ? 1 : 2 };
  if (optimum > high) return { fraction, region: value > high ? 0 : value >= low ? 1 : 2 };
  return { fraction, region: value >= low && value <= high ? 0 : 1 };
}

/** A slider: its value as a fraction of its range (HTML §4.10.5.1.13: default the middle, snapped to the step). */
export function rangeFraction(attribs: Readonly<Record<string, string>>): number {
  const min = number(attribs['min']) ?? 0;
  const max = Math.max(min, number(attribs['max']) ?? 100);
  const step = (attribs['step'] ?? '').trim().toLowerCase() === 'any' ? 0 : Math.max(0, number(attribs['step']) ?? 1);
  let value = Math.min(max, Math.max(min, number(attribs['value']) ?? min + (max - min) / 2));
  if (step > 0) value = Math.min(max, min + Math.round((value - min) / step) * step);
  return max === min ? 0 : (value - min) / (max - min);
}
