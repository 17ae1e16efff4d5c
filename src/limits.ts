/**
 * The engine's resource limits (options.ts `Limits`): one error shape for all of them, and the
 * checks that are not tied to a stage (data depth, wall-clock budget). Every check here is
 * iterative: hostile input must never end in a stack overflow.
 */
import type { Box, BoxTree } from './boxes/types.js';
import { childBoxes } from './boxes/types.js';
import { OctavoError } from './errors.js';
import type { SourceLocation } from './errors.js';
import type { Limits } from './options.js';
import { DEFAULT_LIMITS } from './options.js';

export type LimitName = keyof Limits;
export type ResolvedLimits = Required<Limits>;

/** `limit_exceeded` naming the limit and its value, e.g. "... (limits.maxPages = 1000)". */
export function limitExceeded(name: LimitName, value: number, what: string, location: SourceLocation = {}): OctavoError {
  return new OctavoError('limit_exceeded', `${what} (limits.${name} = ${value})`, {
    ...location,
    hint: `raise limits.${name} if this input is legitimate`,
  });
}

export function resolveLimits(...layers: readonly (Limits | undefined)[]): ResolvedLimits {
  const result: ResolvedLimits = { ...DEFAULT_LIMITS };
  for (const layer of layers) {
    if (layer === undefined) continue;
    for (const key of Object.keys(DEFAULT_LIMITS) as LimitName[]) {
      const value = layer[key];
      if (value !== undefined) result[key] = value;
    }
  }
  return result;
}

/** Keys that name prototypes: in a payload they are data the template must never reach. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Bytes of a scalar as JSON text (strings without their escapes: close enough for a limit). */
function scalarBytes(value: unknown): number {
  switch (typeof value) {
    case 'string': return Buffer.byteLength(value, 'utf8') + 2;
    case 'number': case 'bigint': return String(value).length;
    case 'boolean': return value ? 4 : 5;
    default: return value === null ? 4 : 0;
  }
}

/**
 * Refuses a data value nested deeper than `maxDepth` (objects and arrays; the top level is depth 1)
 * or larger than `maxBytes` as JSON text (limits.maxPayloadBytes). Walks with an explicit stack; an
 * object reached again is only walked again when reached deeper (its bytes count once), so shared
 * sub-objects cost little and a cycle ends at the depth limit. Returns whether some object has an
 * own `__proto__`, `constructor` or `prototype` key (see withoutPrototypeKeys).
 */
export function checkDataDepth(data: unknown, maxDepth: number, maxBytes = Number.POSITIVE_INFINITY): boolean {
  let prototypeKeys = false;
  let bytes = 0;
  const count = (more: number): void => {
    bytes += more;
    if (bytes > maxBytes) throw limitExceeded('maxPayloadBytes', maxBytes, `the data is larger than ${maxBytes} bytes`);
  };
  const deepest = new Map<object, number>();
  const stack: { value: unknown; depth: number }[] = [{ value: data, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) {
      count(scalarBytes(value));
      continue;
    }
    if (depth > maxDepth) throw limitExceeded('maxDataDepth', maxDepth, `the data is nested more than ${maxDepth} levels deep`);
    const seen = deepest.get(value);
    if ((seen ?? 0) >= depth) continue;
    deepest.set(value, depth);
    const keys = Array.isArray(value) ? [] : Object.keys(value);
    if (keys.some((key) => PROTOTYPE_KEYS.has(key))) prototypeKeys = true;
    const children: readonly unknown[] = Array.isArray(value) ? value : Object.values(value);
    if (seen === undefined) count(2 + Math.max(0, children.length - 1) + keys.reduce((sum, key) => sum + Buffer.byteLength(key, 'utf8') + 3, 0));
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
      else if (seen === undefined) count(scalarBytes(child));
    }
  }
  return prototypeKeys;
}

/**
 * A copy of `data` without `__proto__`, `constructor` and `prototype` keys at any depth, so
 * `{{constructor.prototype.x}}` prints nothing even when a payload spells it out (the input is
 * never mutated). Only called when checkDataDepth found such a key; depth is bounded by then.
 */
export function withoutPrototypeKeys(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutPrototypeKeys);
  if (typeof data !== 'object' || data === null || Object.getPrototypeOf(data) !== Object.prototype) return data;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!PROTOTYPE_KEYS.has(key)) copy[key] = withoutPrototypeKeys(value);
  return copy;
}

/** A wall-clock budget: the returned check throws once `maxMs` have passed since it was made. */
export function createBudget(maxMs: number, now: () => number = () => performance.now()): () => void {
  const deadline = now() + maxMs;
  return () => {
    if (now() > deadline) throw limitExceeded('maxRenderMs', maxMs, `rendering took longer than ${maxMs} ms`);
  };
}

/**
 * Refuses a box tree with more than `maxBoxes` boxes, counted without recursion over every kind
 * (table parts, flex and grid items, out-of-flow boxes and markers included).
 */
export function checkBoxCount(tree: BoxTree, maxBoxes: number): void {
  const stack: Box[] = [tree.root];
  let count = 0;
  while (stack.length > 0) {
    const box = stack.pop()!;
    if (++count > maxBoxes) throw limitExceeded('maxBoxes', maxBoxes, `the document generates more than ${maxBoxes} boxes`);
    for (const child of childBoxes(box)) stack.push(child);
  }
}

/**
 * A stack overflow that slipped past the depth limits (a deep template, a deep stylesheet) as a
 * `limit_exceeded` error instead of a RangeError with a stack trace.
 */
export function asStackOverflowError(error: unknown, maxDepth: number): unknown {
  if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) return error;
  return limitExceeded('maxNestingDepth', maxDepth, 'the input is nested too deeply to render (the stack overflowed)');
}

/** Break values that force a page break (CSS Fragmentation 3 §3.1; `always` is the legacy `page`). */
const PAGE_BREAKS: ReadonlySet<string> = new Set(['page', 'always', 'all', 'left', 'right', 'recto', 'verso']);

function inFlow(box: Box): boolean {
  return box.style.float === 'none' && box.style.position !== 'absolute' && box.style.position !== 'fixed';
}

/**
 * Refuses, before layout, a document whose forced page breaks alone make more than `maxPages`
 * pages: each gap between in-flow siblings of block flow (from the root down) with a forced page
 * break before or after starts a new page, and no two such gaps are the same place. Breaks
 * elsewhere (in flex items, table cells, floats) are left to layout, so this never over-counts:
 * 100,000 `page-break-after: always` paragraphs are refused at once instead of after 1,000 pages.
 */
export function checkForcedPageBreaks(tree: BoxTree, maxPages: number): void {
  const stack: Box[] = [tree.root];
  let pages = 1;
  while (stack.length > 0) {
    const box = stack.pop()!;
    if (box.kind !== 'block' || box.inlineContent) continue;
    let previous: Box | undefined;
    for (const child of box.children) {
      if (!inFlow(child)) continue;
      if (previous !== undefined && (PAGE_BREAKS.has(previous.style.breakAfter) || PAGE_BREAKS.has(child.style.breakBefore)) && ++pages > maxPages) {
        throw limitExceeded('maxPages', maxPages, `the document's forced page breaks make more than ${maxPages} pages`);
      }
      previous = child;
      stack.push(child);
    }
  }
}
