/**
 * Which parts of a form control CSS may style, as Chromium's shadow trees have them (its
 * `::-webkit-progress-value`, `::-webkit-slider-thumb`, `::-webkit-meter-bar`...; the cascade
 * computes their styles, boxes/form-controls.ts draws them).
 */
import type { DomElement } from '../dom/types.js';
import type { ControlPart } from './types.js';
import { DATE_TIME_INPUT_TYPES, inputTypeAttribute } from './control-fallback.js';

export function isFileInput(element: DomElement): boolean {
  return isInputOfType(element, 'file');
}

function isInputOfType(element: DomElement, type: string): boolean {
  return element.name === 'input' && inputTypeAttribute(element) === type;
}

const PROGRESS_PARTS: readonly ControlPart[] = ['progress-bar', 'progress-value'];
const SLIDER_PARTS: readonly ControlPart[] = ['slider-track', 'slider-thumb'];
const METER_PARTS: readonly ControlPart[] = ['meter-inner-element', 'meter-bar', 'meter-optimum-value', 'meter-suboptimum-value', 'meter-even-less-good-value'];
/** The parts that inherit from another, as in Chromium's shadow tree: a meter's bar from its inner element, its value from its bar. */
export const PART_PARENTS: Partial<Record<ControlPart, ControlPart>> = {
  'meter-bar': 'meter-inner-element', 'meter-optimum-value': 'meter-bar', 'meter-suboptimum-value': 'meter-bar', 'meter-even-less-good-value': 'meter-bar',
};

/** A date or time field's line of fields (Chromium's `::-webkit-datetime-edit-fields-wrapper`). */
const DATE_TIME_PARTS: readonly ControlPart[] = ['datetime-fields-wrapper'];

/** The parts CSS may style of a progress bar, a meter, a slider (`input type=range`) or a date or time field; undefined for other elements. */
export function controlParts(element: DomElement): readonly ControlPart[] | undefined {
  if (element.name === 'progress') return PROGRESS_PARTS;
  if (element.name === 'meter') return METER_PARTS;
  if (element.name === 'input' && DATE_TIME_INPUT_TYPES.has(inputTypeAttribute(element))) return DATE_TIME_PARTS;
  return isInputOfType(element, 'range') ? SLIDER_PARTS : undefined;
}
