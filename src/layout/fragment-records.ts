/**
 * One constructor per fragment kind, every field set in one order, optional ones included (as
 * `undefined` when absent), so that each kind has one hidden class in V8.
 *
 * Why: paint, the page writer and layout read fragments of every kind at the same sites. Made by
 * object literals at a dozen sites, by spreads and by these classes, the bench invoice's fragments
 * had 10 hidden classes. V8 keeps at most four per site in its inline caches; past that a read is
 * a generic lookup, and a site optimised for the classes it met deoptimises when another comes —
 * the first render of a template in a warmed render process threw away six functions' optimised
 * code that way (bench/README.md, issue 32 stop 39). Four kinds, four classes: every site stays
 * within the inline caches. Classes also have no allocation site, which V8 may decide to pretenure
 * for good (stop 36).
 *
 * Make fragments with these functions, never with a literal or a spread: the test
 * `test/layout/fragment-records.test.ts` lays out the fixtures and checks every fragment's class.
 */
import type { BoxFragment, EmphasisMarks, Fragment, ImageFragment, LineFragment, MarkerSymbol, PlacedRun, TextFragment } from './types.js';
import type { ComputedStyle } from '../css/types.js';
import type { Sides } from '../geometry/types.js';
import type { LoadedImage } from '../resources/types.js';

/** A box fragment's fields; the optional ones may be left out. */
export type BoxFragmentFields = Omit<BoxFragment, 'kind'>;

export class BoxFragmentRecord implements BoxFragment {
  readonly kind = 'box';
  readonly box: BoxFragment['box'];
  readonly style: ComputedStyle;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly border: Sides;
  readonly padding: Sides;
  readonly children: readonly Fragment[];
  readonly continuedBefore: boolean;
  readonly continuedAfter: boolean;
  readonly inlineEdges: BoxFragment['inlineEdges'];
  readonly collapsedBorders: BoxFragment['collapsedBorders'];
  readonly columnRules: BoxFragment['columnRules'];
  readonly backgroundOnlyIn: BoxFragment['backgroundOnlyIn'];
  readonly legendGap: BoxFragment['legendGap'];
  readonly inlineBaseline: BoxFragment['inlineBaseline'];

  /** `f` at (x, y), `height` tall, with `children`; its other fields as `f` has them. */
  constructor(f: Omit<BoxFragmentFields, 'x' | 'y' | 'height' | 'children'>, x: number, y: number, height: number, children: readonly Fragment[]) {
    this.box = f.box;
    this.style = f.style;
    this.x = x;
    this.y = y;
    this.width = f.width;
    this.height = height;
    this.border = f.border;
    this.padding = f.padding;
    this.children = children;
    this.continuedBefore = f.continuedBefore;
    this.continuedAfter = f.continuedAfter;
    this.inlineEdges = f.inlineEdges;
    this.collapsedBorders = f.collapsedBorders;
    this.columnRules = f.columnRules;
    this.backgroundOnlyIn = f.backgroundOnlyIn;
    this.legendGap = f.legendGap;
    this.inlineBaseline = f.inlineBaseline;
  }
}

/** A box fragment with these fields. */
export function boxFragment(f: BoxFragmentFields): BoxFragment {
  return new BoxFragmentRecord(f, f.x, f.y, f.height, f.children);
}

/** `f` with some fields replaced (what a spread `{ ...f, ... }` would make, as a record). */
export function withBoxFields(f: BoxFragment, changes: Partial<BoxFragmentFields>): BoxFragment {
  return boxFragment({ ...f, ...changes });
}

/*
 * The line, text and image records take the fields they keep from a source object (the fragment
 * they move, or what line layout built) and the ones that change as arguments: no object is made
 * for the call, which runs for every line and text of a document.
 */

export class LineRecord implements LineFragment {
  readonly kind = 'line';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly baseline: number;
  readonly children: readonly Fragment[];

  /** A line the size of `f`, with its children, at (x, y) with its baseline at `baseline`. */
  constructor(f: Pick<LineFragment, 'width' | 'height' | 'children'>, x: number, y: number, baseline: number) {
    this.x = x;
    this.y = y;
    this.width = f.width;
    this.height = f.height;
    this.baseline = baseline;
    this.children = f.children;
  }
}

export class TextRecord implements TextFragment {
  readonly kind = 'text';
  readonly style: ComputedStyle;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly baseline: number;
  readonly runs: readonly PlacedRun[];
  readonly text: string;
  readonly symbol: MarkerSymbol | undefined;
  readonly emphasis: EmphasisMarks | undefined;

  /** The text of `f` (its style, width, runs, text, symbol and marks) at (x, y), `height` tall, on `baseline`. */
  constructor(f: Pick<TextFragment, 'style' | 'width' | 'runs' | 'text' | 'symbol' | 'emphasis'>, x: number, y: number, height: number, baseline: number) {
    this.style = f.style;
    this.x = x;
    this.y = y;
    this.width = f.width;
    this.height = height;
    this.baseline = baseline;
    this.runs = f.runs;
    this.text = f.text;
    this.symbol = f.symbol;
    this.emphasis = f.emphasis;
  }
}

/** A text fragment with some fields replaced. */
export function withTextFields(f: TextFragment, changes: Partial<Omit<TextFragment, 'kind'>>): TextFragment {
  const c = { ...f, ...changes };
  return new TextRecord(c, c.x, c.y, c.height, c.baseline);
}

export class ImageRecord implements ImageFragment {
  readonly kind = 'image';
  readonly style: ComputedStyle;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly image: LoadedImage;
  readonly foreign: ImageFragment['foreign'];

  /** The image of `f` (its style, size, image and foreign objects) at (x, y). */
  constructor(f: Pick<ImageFragment, 'style' | 'width' | 'height' | 'image' | 'foreign'>, x: number, y: number) {
    this.style = f.style;
    this.x = x;
    this.y = y;
    this.width = f.width;
    this.height = f.height;
    this.image = f.image;
    this.foreign = f.foreign;
  }
}

/** `f` at another y in its parent's frame, whatever its kind (the rest as it is: a line's or text's baseline too). */
export function atY(f: Fragment, y: number): Fragment {
  switch (f.kind) {
    case 'box': return withBoxFields(f, { y });
    case 'line': return new LineRecord(f, f.x, y, f.baseline);
    case 'text': return new TextRecord(f, f.x, y, f.height, f.baseline);
    case 'image': return new ImageRecord(f, f.x, y);
  }
}
