/**
 * HTML elements octavo parses but does not draw as the element they are: each one that would
 * generate a box gets an `html` warning at its location (css/cascade.ts). Delete a line when the
 * element is rendered.
 */
const UNRENDERED: ReadonlyMap<string, string> = new Map([
  ['canvas', 'a canvas has no script to draw it: its box is left empty'],
  ['iframe', 'embedded documents are not loaded: its box is left empty'],
  ['video', 'video is not drawn: its box is left empty (a `poster` image is drawn)'],
  ['object', 'embedded objects other than images are not loaded: its fallback content is shown'],
  ['embed', 'embedded content other than images is not loaded'],
]);

/**
 * The warning for an element octavo does not draw, or undefined; `key` names the kind of element
 * (one warning per kind and render).
 */
export function unrenderedElement(name: string, attribs: Readonly<Record<string, string>>): { key: string; message: string } | undefined {
  // what is drawn after all: a video's poster, an object's or embed's image (boxes/replaced-source.ts)
  if ((name === 'video' && (attribs['poster'] ?? '').trim() !== '') || (name === 'object' && isImage(attribs['type'], attribs['data']))
    || (name === 'embed' && isImage(attribs['type'], attribs['src']))) return undefined;
  const why = UNRENDERED.get(name);
  return why === undefined ? undefined : { key: name, message: `element \`<${name}>\` is not rendered: ${why}` };
}

/** Does an `<object>`'s or `<embed>`'s resource hold an image (its `type`, else its file name)? */
export function isImage(type: string | undefined, url: string | undefined): boolean {
  if (url === undefined || url.trim() === '') return false;
  if (type !== undefined && type.trim() !== '') return /^image\//i.test(type.trim());
  return /\.(png|jpe?g|gif|webp|bmp|svg)(?:[?#].*)?$/i.test(url!.trim()) || /^data:image\//i.test(url!.trim());
}
