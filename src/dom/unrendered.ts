/**
 * HTML elements octavo parses but does not draw as the element they are: each one that would
 * generate a box gets an `html` warning at its location (css/cascade.ts). Delete a line when the
 * element is rendered.
 */
const UNRENDERED: ReadonlyMap<string, string> = new Map([
  ['math', 'MathML is not drawn'],
  ['canvas', 'a canvas has no script to draw it'],
  ['iframe', 'embedded documents are not loaded'],
  ['video', 'video is not drawn (not even its poster)'],
  ['audio', 'audio has nothing to draw'],
  ['object', 'embedded objects are not loaded'],
  ['embed', 'embedded content is not loaded'],
]);

/** `<input type>`s not drawn (the others are: boxes/form-controls.ts). */
const UNDRAWN_INPUTS: ReadonlyMap<string, string> = new Map([
  ['range', 'a slider'], ['color', 'a colour well'], ['file', 'a file chooser'],
]);

/**
 * The warning for an element octavo does not draw, or undefined; `key` names the kind of element
 * (one warning per kind and render).
 */
export function unrenderedElement(name: string, attribs: Readonly<Record<string, string>>): { key: string; message: string } | undefined {
  if (name === 'input') {
    const type = (attribs['type'] ?? '').trim().toLowerCase();
    const what = UNDRAWN_INPUTS.get(type);
    if (what === undefined) return undefined;
    return { key: `input ${type}`, message: `element \`<input type=${type}>\` is not rendered: ${what} is not drawn (text fields, buttons, checkboxes and radios are)` };
  }
  const why = UNRENDERED.get(name);
  return why === undefined ? undefined : { key: name, message: `element \`<${name}>\` is not rendered: ${why}` };
}
