/**
 * The render's time limit inside paint. A page is painted in one synchronous call, so the check
 * of the render painting it can sit in a module variable for that call: concurrent renders of one
 * process interleave only between pages. Costly steps (a blurred mask: up to 1.5 M pixels) call
 * `checkPaintBudget`, so a page of 500 chained blurred drop-shadows stops at `maxRenderMs` with
 * `limit_exceeded` instead of painting for as long as it takes.
 */

let current: (() => void) | undefined;

/** Runs `paint` with `check` as the budget its costly steps call. */
export function withPaintBudget<T>(check: (() => void) | undefined, paint: () => T): T {
  const outer = current;
  current = check;
  try {
    return paint();
  } finally {
    current = outer;
  }
}

/** Throws the render's `limit_exceeded` when its time is spent (a no-op outside a budgeted paint). */
export function checkPaintBudget(): void {
  current?.();
}
