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
  ['input', 'form fields are not drawn (neither their box nor their value)'],
]);

/** The warning for an element octavo does not draw, or undefined. */
export function unrenderedElementMessage(name: string): string | undefined {
  const why = UNRENDERED.get(name);
  return why === undefined ? undefined : `element \`<${name}>\` is not rendered: ${why}`;
}
