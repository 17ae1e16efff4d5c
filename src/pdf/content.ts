/**
 * Content-stream building (ISO 32000-1 §8-9): operators as text, in CSS px (the page's base
 * matrix maps px to pt and y downwards). A stack of sinks lets a transparency group collect its
 * operators separately from the page (pdf/graphics.ts turns a closed sink into a form XObject).
 */
import type { Color } from '../css/types.js';
import type { PathSegment } from '../paint/display-list.js';
import { assertNever } from '../errors.js';

/**
 * A number as PDF can hold it, for content streams and dictionaries alike: rounded to `places`
 * decimals, NaN as 0, and held at ±1e9 px. Past that, `String` writes an exponent, which would
 * end a content stream for viewers (they stop at an operator they cannot read), and PDFKit
 * refuses to write a dictionary's number from 1e21 on (a shading's centre or a form's box under
 * `scale(1e-30)`), which failed the whole PDF. Layout guards its own arithmetic; this keeps a
 * stranger's extreme values from breaking the page.
 */
export function pdfNumber(value: number, places = 3): number {
  const scale = places === 3 ? 1000 : 10 ** places;
  const rounded = Math.round(value * scale) / scale;
  if (rounded > -1e9 && rounded < 1e9) return rounded === 0 ? 0 : rounded;
  return Number.isNaN(rounded) ? 0 : rounded > 0 ? 1e9 : -1e9;
}

/** A number as a content stream writes it: `pdfNumber`, without an exponent or `-0`. */
export function num(value: number): string {
  return String(pdfNumber(value));
}

/**
 * A matrix's scale or skew as a `cm` writes it: to 9 decimals rather than `num`'s 3, since it
 * multiplies every coordinate drawn under it. KaTeX draws its stretchy arrows as 400000-unit
 * paths scaled by ~0.004 into their box: 0.00383 written 0.004 put an arrow's head 70px past it.
 * Written without an exponent.
 */
export function matrixNum(value: number): string {
  const held = pdfNumber(value, 9);
  return held === 0 || Math.abs(held) >= 1e-6 ? String(held) : held.toFixed(9).replace(/0+$/, '');
}

/** A matrix as a `cm` operator's operands: its scale and skew precise (`matrixNum`), its offsets as `num`. */
export function matrixOperands(matrix: readonly number[]): string {
  return matrix.map((v, i) => (i < 4 ? matrixNum(v) : num(v))).join(' ');
}

/** A colour channel 0-255 as a 0-1 PDF component (4 decimals). */
function channel(value: number): string {
  const rounded = Math.round((value / 255) * 10000) / 10000;
  return rounded === 0 ? '0' : String(rounded);
}

export function rgb(color: Color): string {
  return `${channel(color.r)} ${channel(color.g)} ${channel(color.b)}`;
}

/**
 * The operator that sets the fill (`rg`, `k`) or stroke (`RG`, `K`) colour: a `device-cmyk()`
 * colour in DeviceCMYK, its channels sent to the printer as written (unless `rgbOnly`), any
 * other in DeviceRGB.
 */
export function colorOperator(color: Color, stroke: boolean, rgbOnly: boolean): string {
  if (color.cmyk !== undefined && !rgbOnly) return `${color.cmyk.map((v) => num(Math.min(1, Math.max(0, v)))).join(' ')} ${stroke ? 'K' : 'k'}`;
  const known = stroke ? STROKE_RGB : FILL_RGB;
  let operator = known.get(color);
  if (operator === undefined) {
    operator = `${rgb(color)} ${stroke ? 'RG' : 'rg'}`;
    known.set(color, operator);
  }
  return operator;
}

/**
 * The DeviceRGB operators of colour objects, for the process: a colour is one object per computed
 * style, painted for every cell, border segment and word in it (a long table: ~30,000 fills a
 * render), and formatting three channels each time was a third of what writing a filled rectangle
 * allocated. Colours are never changed in place; an entry dies with its colour.
 */
const FILL_RGB = new WeakMap<Color, string>();
const STROKE_RGB = new WeakMap<Color, string>();

/** The path construction operators of a display-list path (§8.5.2). */
export function pathOperators(path: readonly PathSegment[]): string {
  const out: string[] = [];
  for (const segment of path) {
    switch (segment.op) {
      case 'move':
        out.push(`${num(segment.x)} ${num(segment.y)} m`);
        break;
      case 'line':
        out.push(`${num(segment.x)} ${num(segment.y)} l`);
        break;
      case 'curve':
        out.push(`${num(segment.x1)} ${num(segment.y1)} ${num(segment.x2)} ${num(segment.y2)} ${num(segment.x)} ${num(segment.y)} c`);
        break;
      case 'close':
        out.push('h');
        break;
      default:
        assertNever(segment, 'path segment');
    }
  }
  return out.join('\n');
}

/**
 * Operator text for one page, with nested sinks for transparency groups. Each sink knows the fill
 * colour operator in force where it ends, when only painting in a fill colour (pushFilled) and
 * marked content (pushMarked) came since it was set: a run of cells, borders or words in one colour
 * then sets it once (the report's table wrote ~29,000 `rg` for a few colours, a third of its bytes).
 */
export class ContentSink {
  private readonly stack: string[][] = [[]];
  /** Per sink: the fill colour operator in force at its end, or undefined when not known. */
  private readonly fills: (string | undefined)[] = [undefined];

  /** Appends operators to the innermost sink (they may change any graphics state). */
  push(operators: string): void {
    const top = this.stack.length - 1;
    this.stack[top]!.push(operators);
    this.fills[top] = undefined;
  }

  /**
   * Appends operators painted in the fill colour `colorOperator` (`rg`, `k`), which they leave in
   * force and change no other state that a later pushFilled relies on; the colour operator is
   * written only when another fill colour may be in force.
   */
  pushFilled(colorOperator: string, operators: string): void {
    const top = this.stack.length - 1;
    this.stack[top]!.push(this.fills[top] === colorOperator ? operators : `${colorOperator}\n${operators}`);
    this.fills[top] = colorOperator;
  }

  /** Appends marked-content operators (BDC, EMC), which leave the graphics state as it was. */
  pushMarked(operators: string): void {
    this.stack[this.stack.length - 1]!.push(operators);
  }

  /** Starts collecting into a new sink (a transparency group). */
  open(): void {
    this.stack.push([]);
    this.fills.push(undefined);
  }

  /** Ends the innermost sink and returns its operators. */
  close(): string {
    if (this.stack.length === 1) throw new Error('content: close() without open()');
    this.fills.pop();
    return this.stack.pop()!.join('\n');
  }

  get depth(): number {
    return this.stack.length - 1;
  }

  /** The page's operators (all groups must be closed). */
  finish(): string {
    while (this.stack.length > 1) {
      // an unbalanced display list: flatten what is open rather than lose it
      this.fills.pop();
      const inner = this.stack.pop()!.join('\n');
      this.push(inner);
    }
    return this.stack[0]!.join('\n');
  }
}
