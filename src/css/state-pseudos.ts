/**
 * Pseudo-classes of user interaction and form state (Selectors 4 §9-§15), as a printed page has
 * them: nobody hovers, focuses or follows a link there, no media plays, and form fields show
 * what their markup says. One table for both matchers (match-native.ts and css-select).
 */
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';

type StateTest = (element: DomElement) => boolean;

const never: StateTest = () => false;

/** Elements whose validity the form state pseudo-classes describe (HTML §4.10.18 "candidate for constraint validation", approximately). */
const VALIDATED = new Set(['input', 'select', 'textarea', 'button', 'form', 'fieldset', 'output']);

/** An `<input>` or `<textarea>` showing its placeholder: it has one and no value. */
function showsPlaceholder(element: DomElement): boolean {
  if (element.attribs['placeholder'] === undefined) return false;
  if (element.name === 'input') return (element.attribs['value'] ?? '') === '';
  return element.name === 'textarea' && element.children.every((child) => child.type === 'text' && child.data === '');
}

/** Elements that `:enabled` and `:disabled` describe (HTML §4.16.3 "the :enabled/:disabled pseudo-classes"). */
const CAN_BE_DISABLED = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);
/** Form controls that a disabled fieldset ancestor disables (HTML §4.10.18.5 "disabled" form controls). */
const FORM_CONTROLS = new Set(['button', 'input', 'select', 'textarea', 'fieldset']);

/**
 * HTML §4.10.18.5 and §4.10.7-§4.10.10: a control with `disabled`, an option of a disabled
 * optgroup, or a control inside a disabled fieldset unless inside that fieldset's first legend.
 */
export function isDisabled(element: DomElement): boolean {
  if (!CAN_BE_DISABLED.has(element.name)) return false;
  if (element.attribs['disabled'] !== undefined) return true;
  if (element.name === 'option') {
    const parent = element.parent;
    return parent !== null && isElement(parent) && parent.name === 'optgroup' && parent.attribs['disabled'] !== undefined;
  }
  if (!FORM_CONTROLS.has(element.name)) return false;
  let child: DomElement = element;
  for (let ancestor = element.parent; ancestor !== null && isElement(ancestor); child = ancestor, ancestor = ancestor.parent) {
    if (ancestor.name !== 'fieldset' || ancestor.attribs['disabled'] === undefined) continue;
    if (child.name !== 'legend' || firstLegend(ancestor) !== child) return true;
  }
  return false;
}

function firstLegend(fieldset: DomElement): DomElement | undefined {
  for (const child of fieldset.children) if (isElement(child) && child.name === 'legend') return child;
  return undefined;
}

export const STATE_PSEUDOS: Readonly<Record<string, StateTest>> = {
  'hover': never,
  'active': never,
  'focus': never,
  'focus-within': never,
  'focus-visible': never,
  'target': never,
  'target-within': never,
  'visited': never,
  'user-valid': never,
  'user-invalid': never,
  'autofill': never,
  'popover-open': never,
  'modal': never,
  'fullscreen': never,
  'picture-in-picture': never,
  'playing': never,
  'paused': never,
  // without script nothing is indeterminate, and a field's value is valid as the markup gives it
  'indeterminate': (element) => element.name === 'progress' && element.attribs['value'] === undefined,
  'valid': (element) => VALIDATED.has(element.name),
  'invalid': never,
  'in-range': never,
  'out-of-range': never,
  'placeholder-shown': showsPlaceholder,
  'disabled': isDisabled,
  'enabled': (element) => CAN_BE_DISABLED.has(element.name) && !isDisabled(element),
  'open': (element) => (element.name === 'details' || element.name === 'dialog') && element.attribs['open'] !== undefined,
  'closed': (element) => (element.name === 'details' || element.name === 'dialog') && element.attribs['open'] === undefined,
};
