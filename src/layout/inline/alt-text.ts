/**
 * An `<img>` whose image did not load, shown as its alt text in the line (HTML §15.4.2 "Images"):
 * an element that does not represent an image but has alt text "is expected to render as an
 * inline element" holding that text — unless it has dimensions and the document is in quirks
 * mode (or it has no alt), where it stays a replaced box of that size with the text inside
 * (paint/alt-text.ts). So a CDN logo that fails, `<img alt="ACME" width="120" height="40">`, prints
 * "ACME" in the line as Chromium 156 prints it: not at the width and height asked for the image,
 * but as Chromium lays out its fallback content, an inline-block of auto size around the text
 * (its borders and padding count in the line's height; a long text wraps inside it). Chromium
 * draws a broken-image icon before the text; the specification makes it optional and octavo
 * leaves it out (a document is no place for it).
 */
import type { InlineFlowBox, ReplacedBox, TextBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import { preservesSpaces } from '../../boxes/whitespace.js';
import type { DocumentMode } from '../../dom/document-mode.js';
import type { LoadedImage } from '../../resources/types.js';

/**
 * The render's answer for each image (a box made once per image, so that it is the same object
 * in every measure of its line): the inline-block it is laid out as, or undefined when it stays a
 * replaced box. `images`: what the render loaded.
 */
export function altTextInlines(images: ReadonlyMap<string, LoadedImage>, documentMode: DocumentMode): (box: ReplacedBox) => InlineFlowBox | undefined {
  const made = new WeakMap<ReplacedBox, InlineFlowBox | null>();
  return (box) => {
    let inline = made.get(box);
    if (inline === undefined) {
      inline = showsAltInline(box, images, documentMode) ? inlineOf(box) : null;
      made.set(box, inline);
    }
    return inline ?? undefined;
  };
}

function showsAltInline(box: ReplacedBox, images: ReadonlyMap<string, LoadedImage>, documentMode: DocumentMode): boolean {
  const style = box.style;
  if (box.element?.name !== 'img' || box.pseudo !== undefined || style.display !== 'inline' || images.has(box.src)) return false;
  if (box.alt.trim() === '') return false;
  // quirks mode keeps a sized image's box (Chromium gives it both sizes when it has one)
  return documentMode !== 'quirks' || (style.width === 'auto' && style.height === 'auto');
}

function inlineOf(box: ReplacedBox): InlineFlowBox {
  // Chromium drops the sizes of an inline image showing its fallback (html_image_fallback_helper.cc)
  const style: ComputedStyle = { ...box.style, display: 'inline-block', width: 'auto', height: 'auto' };
  const text = preservesSpaces(style.whiteSpace) ? box.alt : box.alt.replace(/[\t\n\f\r ]+/g, ' ').trim();
  const child: TextBox = { kind: 'text', text, style, element: undefined, pseudo: undefined };
  return { kind: 'block', outer: 'inline', inlineContent: true, style, element: box.element, pseudo: undefined, children: [child] };
}
