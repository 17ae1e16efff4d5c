/**
 * Pseudo-classes of user interaction and form state (Selectors 4 §9-§15), as a printed page has
 * them: nobody hovers, focuses or follows a link there, no media plays, and form fields show
 * what their markup says. One table for both matchers (match-native.ts and css-select).
 */
import type { DomElement } from '../dom/types.js';

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
  'open': (element) => (element.name === 'details' || element.name === 'dialog') && element.attribs['open'] !== undefined,
  'closed': (element) => (element.name === 'details' || element.name === 'dialog') && element.attribs['open'] === undefined,
};
