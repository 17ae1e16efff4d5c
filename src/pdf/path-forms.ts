/**
 * Paths drawn more than once, as one form XObject each (ISO 32000-1 §8.10). The upright glyphs of
 * vertical text are drawn from their outlines, one path array per glyph and size
 * (paint/upright-glyphs.ts), at every occurrence: written inline, 45,000 characters of vertical
 * text made 0.7 MB of path operators, and formatting them was most of the render. A path array met
 * again in a document becomes a form of the path and its fill operator, made once per document and
 * named once per page. The form has no colour of its own: it fills in the colour in force where it
 * is drawn (§8.10.1, a form inherits the graphics state).
 */
import type { PathSegment } from '../paint/display-list.js';
import { pathBounds } from '../paint/svg-geometry.js';
import { pathOperators, pdfNumber } from './content.js';
import type { PageContext } from './context.js';
import { operatorBytes } from './pdfkit-document.js';
import type { PdfRef } from './pdfkit-document.js';

/** The fill operators a path form may end with: non-zero or even-odd winding. */
export type FillOperator = 'f' | 'f*';

/** The forms of one path array, once it has been drawn twice (DocumentResources.pathForms). */
export type PathForms = { [fill in FillOperator]?: PdfRef };

/**
 * Below this many segments `q /PfN Do Q` and the form's object cost more than the path itself
 * (a rectangle, a list bullet).
 */
const MIN_SEGMENTS = 6;

/** `/PfN Do` when `path` has been filled before in this document, else undefined (write it inline). */
export function pathFormOperator(ctx: PageContext, path: readonly PathSegment[], fill: FillOperator): string | undefined {
  if (path.length < MIN_SEGMENTS) return undefined;
  const seen = ctx.resources.pathForms;
  const forms = seen.get(path);
  if (forms === undefined) {
    seen.set(path, {});
    return undefined;
  }
  const form = (forms[fill] ??= pathForm(ctx, path, fill));
  const names = ctx.names.pathForms;
  let name = names.get(form);
  if (name === undefined) {
    name = `Pf${names.size + 1}`;
    names.set(form, name);
    ctx.page.xobjects[name] = form;
  }
  return `/${name} Do`;
}

function pathForm(ctx: PageContext, path: readonly PathSegment[], fill: FillOperator): PdfRef {
  const box = pathBounds(path);
  // a px wider on each side: a viewer clips a form to its box, and a clip on the path's own extremes
  // antialiases its edge pixels twice (lighter by up to 5 % of the colour in poppler)
  const bbox = [Math.floor(box.x) - 1, Math.floor(box.y) - 1, Math.ceil(box.x + box.width) + 1, Math.ceil(box.y + box.height) + 1].map((v) => pdfNumber(v));
  const form = ctx.resources.doc.ref({ Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: bbox });
  form.end(operatorBytes(`${pathOperators(path)}\n${fill}`));
  return form;
}
