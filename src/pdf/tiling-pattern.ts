/**
 * Repeated tiles as a tiling pattern (ISO 32000-1 §8.7.3.1): one tile's operators in a coloured
 * pattern's cell, repeated by the viewer over the area, so that a background of a 4px texture or
 * a dotted grid over a page is one cell and one fill — drawn tile by tile it was 30,000 images or
 * shadings and soft masks, megabytes per page.
 *
 * A pattern is placed in the default space of the content stream that uses it (the page's, or a
 * form's as it is drawn), not in the current one: the fill is put in a form XObject of its own,
 * whose space is the current one where it is drawn, so that the pattern follows the transforms
 * the display list has pushed without this file knowing them.
 */
import type { DisplayItem } from '../paint/display-list.js';
import { num } from './content.js';
import type { PageContext } from './context.js';
import { closeScopes, resourceSnapshot } from './graphics.js';
import { operatorBytes } from './pdfkit-document.js';

export type TilesItem = Extract<DisplayItem, { kind: 'tiles' }>;

/** Draws items into the current sink (write.ts's drawItem over a list). */
export type DrawItems = (ctx: PageContext, items: readonly DisplayItem[]) => void;

const round = (value: number): number => Math.round(value * 10000) / 10000;

export function drawTiles(ctx: PageContext, item: TilesItem, draw: DrawItems): void {
  const { rect, origin, size, step } = item;
  if (rect.width <= 0 || rect.height <= 0 || size.width <= 0 || size.height <= 0 || step.x <= 0 || step.y <= 0) return;
  const doc = ctx.resources.doc;
  // the cell: the tile's items in a stream of their own, outside marked content and the page's open scopes
  const cell: PageContext = { ...ctx, scopes: [], marks: undefined };
  ctx.sink.open();
  draw(cell, item.items);
  closeScopes(cell);
  const operators = ctx.sink.close();
  if (operators === '') return;
  const pattern = doc.ref({
    Type: 'Pattern', PatternType: 1,
    // coloured: the cell paints its own colours; TilingType 1: constant spacing, so no seam or overlap between cells
    PaintType: 1, TilingType: 1,
    BBox: [0, 0, round(size.width), round(size.height)],
    XStep: round(step.x), YStep: round(step.y),
    Matrix: [1, 0, 0, 1, round(origin.x), round(origin.y)],
    Resources: resourceSnapshot(ctx, operators),
  });
  pattern.end(operatorBytes(operators));
  const box = [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height].map(round);
  const form = doc.ref({ Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: box, Resources: { Pattern: { P1: pattern } } });
  form.end(operatorBytes(`/Pattern cs\n/P1 scn\n${num(rect.x)} ${num(rect.y)} ${num(rect.width)} ${num(rect.height)} re\nf`));
  const name = `Tp${++ctx.resources.groups}`;
  ctx.page.xobjects[name] = form;
  ctx.sink.push(`/${name} Do`);
}
