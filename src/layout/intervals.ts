/**
 * Rows of disjoint column intervals kept in order, as grid placement's occupancy (grid/placement.ts)
 * and a table row's covered slots (table/grid.ts) keep them: the interval a column falls in is
 * found by a binary search over their ends.
 */

/** Index of the first interval ending after `column`, `ends` being the ordered intervals' ends; `ends.length` when none does. */
export function firstEndingAfter(ends: readonly number[], column: number): number {
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ends[middle]! > column) high = middle;
    else low = middle + 1;
  }
  return low;
}
