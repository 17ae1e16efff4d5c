/**
 * The engine's resource limits (options.ts `Limits`): one error shape for all of them, and the
 * checks that are not tied to a stage (data depth, wall-clock budget). Every check here is
 * iterative: hostile input must never end in a stack overflow.
 */
import { OctavoError } from './errors.js';
import type { SourceLocation } from './errors.js';
import type { Limits } from './options.js';
import { DEFAULT_LIMITS } from './options.js';

export type LimitName = keyof Limits;
export type ResolvedLimits = Required<Limits>;

/** A `limit_exceeded` error that knows which limit it names. */
export class LimitExceededError extends OctavoError {
  readonly limit: LimitName;

  constructor(limit: LimitName, message: string, options: SourceLocation & { hint?: string }) {
    super('limit_exceeded', message, options);
    this.limit = limit;
  }
}

/** `limit_exceeded` naming the limit and its value, e.g. "... (limits.maxPages = 1000)". */
export function limitExceeded(name: LimitName, value: number, what: string, location: SourceLocation = {}): LimitExceededError {
  return new LimitExceededError(name, `${what} (limits.${name} = ${value})`, {
    ...location,
    hint: `raise limits.${name} if this input is legitimate`,
  });
}

/**
 * Limits on one resource (its bytes, an image's pixels) and on how many a render loads: a
 * stylesheet, font or image over one is left out with a warning, as a missing one is
 * (docs/service.md "Resources that cannot be used"). The others (pages, boxes, time…) end the document.
 */
const ONE_RESOURCE_LIMITS: ReadonlySet<LimitName> = new Set(['maxResourceBytes', 'maxFontBytes', 'maxResources', 'maxImagePixels']);

/**
 * True for a resource that cannot be had — missing, refused (sandbox, remote guard), unreachable,
 * or over a limit of one resource — which the document renders without, with a warning.
 */
export function isUnavailableResource(error: unknown): error is OctavoError {
  if (!(error instanceof OctavoError)) return false;
  if (error.code === 'resource_not_found' || error.code === 'resource_denied') return true;
  return error instanceof LimitExceededError && ONE_RESOURCE_LIMITS.has(error.limit);
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
    // a copy of an array too: one hidden class here, whatever the elements of the caller's arrays
    const children: readonly unknown[] = Object.values(value);
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

/**
 * A wall-clock budget: the returned check throws once `maxMs` have passed since it was made.
 * `setBy` names where the limit came from, so the error tells which setting to raise: the
 * engine's `limits.maxRenderMs`, or a render's own (shorter) `maxRenderMs` option.
 */
export function createBudget(maxMs: number, now: () => number = () => performance.now(), setBy: 'limits' | 'render' = 'limits'): () => void {
  const deadline = now() + maxMs;
  return () => {
    if (now() <= deadline) return;
    const what = `rendering took longer than ${maxMs} ms`;
    if (setBy === 'limits') throw limitExceeded('maxRenderMs', maxMs, what);
    throw new LimitExceededError('maxRenderMs', `${what} (the render's maxRenderMs = ${maxMs})`, {
      hint: "raise the render's maxRenderMs option if this input is legitimate",
    });
  };
}

/**
 * A stack overflow that slipped past the depth limits (a deep template, a deep stylesheet) as a
 * `limit_exceeded` error instead of a RangeError with a stack trace.
 */
export function asStackOverflowError(error: unknown, maxDepth: number): unknown {
  if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) return error;
  return limitExceeded('maxNestingDepth', maxDepth, 'the input is nested too deeply to render (the stack overflowed)');
}
