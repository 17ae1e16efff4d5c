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
import type { Point } from '../geometry/types.js';
import { num, pdfNumber } from './content.js';
import type { PageContext } from './context.js';
import { closeScopes, resourceSnapshot } from './graphics.js';
import { operatorBytes } from './pdfkit-document.js';

export type TilesItem = Extract<DisplayItem, { kind: 'tiles' }>;

/** Draws items into the current sink (write.ts's drawItem over a list). */
export type DrawItems = (ctx: PageContext, items: readonly DisplayItem[]) => void;

const round = (value: number): number => pdfNumber(value, 4);

/**
 * The smallest cell written, px: a viewer that draws a pattern cell by cell (Poppler's Splash)
 * took 55 s over a page of 0.01px tiles, 0.1 s with cells of 0.25px. A finer lattice puts several
 * tiles in a cell, at most MAX_TILES_ACROSS along each axis; finer still, the lattice is drawn
 * coarser, scaled about its origin — tiles a sixteenth of a px apart cannot be told apart, only
 * their average colour shows, and that is kept.
 */
const MIN_CELL = 0.25;
const MAX_TILES_ACROSS = 4;

/** How a lattice is written along one axis: tiles per cell, and the scale that brings the cell to MIN_CELL. */
function cellAxis(step: number): { readonly tiles: number; readonly scale: number } {
  const tiles = Math.min(MAX_TILES_ACROSS, Math.max(1, Math.ceil(MIN_CELL / step - 1e-9)));
  return { tiles, scale: Math.max(1, MIN_CELL / (tiles * step)) };
}

/** The cell's operators: the tile's, once per tile the cell holds. */
function cellOperators(tile: string, across: number, down: number, step: Point): string {
  if (across === 1 && down === 1) return tile;
  const copies: string[] = [];
  for (let j = 0; j < down; j++) for (let i = 0; i < across; i++) copies.push(`q\n1 0 0 1 ${num(i * step.x)} ${num(j * step.y)} cm\n${tile}\nQ`);
  return copies.join('\n');
}

export function drawTiles(ctx: PageContext, item: TilesItem, draw: DrawItems): void {
  const { rect, origin, size, step } = item;
  if (rect.width <= 0 || rect.height <= 0 || size.width <= 0 || size.height <= 0 || step.x <= 0 || step.y <= 0) return;
  const doc = ctx.resources.doc;
  // the cell: the tile's items in a stream of their own, outside marked content and the page's open scopes
  const cell: PageContext = { ...ctx, scopes: [], marks: undefined };
  ctx.sink.open();
  draw(cell, item.items);
  closeScopes(cell);
  const tile = ctx.sink.close();
  if (tile === '') return;
  const x = cellAxis(step.x);
  const y = cellAxis(step.y);
  const operators = cellOperators(tile, x.tiles, y.tiles, step);
  const pattern = doc.ref({
    Type: 'Pattern', PatternType: 1,
    // coloured: the cell paints its own colours; TilingType 1: constant spacing, so no seam or overlap between cells
    PaintType: 1, TilingType: 1,
    BBox: [0, 0, round((x.tiles - 1) * step.x + size.width), round((y.tiles - 1) * step.y + size.height)],
    XStep: round(x.tiles * step.x), YStep: round(y.tiles * step.y),
    Matrix: [round(x.scale), 0, 0, round(y.scale), round(origin.x), round(origin.y)],
    Resources: resourceSnapshot(ctx, tile),
  });
  pattern.end(operatorBytes(operators));
  const box = [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height].map(round);
  const form = doc.ref({ Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: box, Resources: { Pattern: { P1: pattern } } });
  form.end(operatorBytes(`/Pattern cs\n/P1 scn\n${num(rect.x)} ${num(rect.y)} ${num(rect.width)} ${num(rect.height)} re\nf`));
  const name = `Tp${++ctx.resources.groups}`;
  ctx.page.xobjects[name] = form;
  ctx.sink.push(`/${name} Do`);
}
