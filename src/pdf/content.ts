/**
 * Content-stream building (ISO 32000-1 §8-9): operators as text, in CSS px (the page's base
 * matrix maps px to pt and y downwards). A stack of sinks lets a transparency group collect its
 * operators separately from the page (pdf/graphics.ts turns a closed sink into a form XObject).
 */
import type { Color } from '../css/types.js';
import type { PathSegment } from '../paint/display-list.js';
import { assertNever } from '../errors.js';

/** A number as PDF writes it: at most 3 decimals, no exponent, no `-0`. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
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
  return `${rgb(color)} ${stroke ? 'RG' : 'rg'}`;
}

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

/** Operator text for one page, with nested sinks for transparency groups. */
export class ContentSink {
  private readonly stack: string[][] = [[]];

  /** Appends operators to the innermost sink. */
  push(operators: string): void {
    this.stack[this.stack.length - 1]!.push(operators);
  }

  /** Starts collecting into a new sink (a transparency group). */
  open(): void {
    this.stack.push([]);
  }

  /** Ends the innermost sink and returns its operators. */
  close(): string {
    if (this.stack.length === 1) throw new Error('content: close() without open()');
    return this.stack.pop()!.join('\n');
  }

  get depth(): number {
    return this.stack.length - 1;
  }

  /** The page's operators (all groups must be closed). */
  finish(): string {
    while (this.stack.length > 1) {
      // an unbalanced display list: flatten what is open rather than lose it
      const inner = this.stack.pop()!.join('\n');
      this.push(inner);
    }
    return this.stack[0]!.join('\n');
  }
}
