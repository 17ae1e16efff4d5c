/** Test helpers: HTML -> box tree through the dom, css and boxes stages, and readable dumps of it. */
import { Diagnostics } from '../../src/diagnostics.js';
import { parseHtml } from '../../src/dom/parse.js';
import { cascade, collectStylesheets, createStylesheetCache } from '../../src/css/index.js';
import { buildBoxTree } from '../../src/boxes/build.js';
import type { BlockBox, Box, BoxTree } from '../../src/boxes/types.js';
import { OctavoError } from '../../src/errors.js';

export const BASE_URL = 'file:///work/doc/';

export async function boxTree(html: string, maxBoxes?: number): Promise<{ tree: BoxTree; diagnostics: Diagnostics }> {
  const dom = parseHtml(html, 'doc.html');
  const diagnostics = new Diagnostics();
  const sheets = await collectStylesheets(dom, {
    baseUrl: BASE_URL,
    loadText: async (url) => { throw new OctavoError('resource_not_found', `not found: ${url}`); },
    cache: createStylesheetCache(),
    diagnostics,
  });
  const styled = cascade(dom, sheets, { diagnostics });
  return { tree: buildBoxTree(dom, styled, { baseUrl: BASE_URL, diagnostics, maxBoxes }), diagnostics };
}

/** Every box in tree order, outside markers visited before the item's children. */
export function allBoxes(box: Box, out: Box[] = []): Box[] {
  out.push(box);
  if (box.kind === 'block' && box.marker !== undefined) allBoxes(box.marker, out);
  if (box.kind === 'block' || box.kind === 'inline') for (const child of box.children) allBoxes(child, out);
  return out;
}

/** The texts of generated boxes (::before, ::after, ::marker) in tree order. */
export async function generatedTexts(html: string): Promise<string[]> {
  const { tree } = await boxTree(html);
  return allBoxes(tree.root).flatMap((box) => (box.kind === 'text' && box.pseudo !== undefined ? [box.text] : []));
}

/** The marker text of every list item, in document order. */
export async function markers(html: string): Promise<string[]> {
  const { tree } = await boxTree(html);
  return allBoxes(tree.root).flatMap((box) => (box.kind === 'text' && box.pseudo === 'marker' ? [box.text] : []));
}

export function isBlock(box: Box | undefined): box is BlockBox {
  return box?.kind === 'block';
}
