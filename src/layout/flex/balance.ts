/**
 * Balanced flex lines (`flex-wrap: balance`, with `flex-line-count`, as Chromium lays them out):
 * the breaks between lines are chosen to minimise the sum over lines of the squared free space
 * (Knuth-Plass, each line taking what fits, an oversized item alone), after as many lines as
 * greedy wrapping gives, or at least `flex-line-count` ones: the break size is bisected down until
 * greedy wrapping gives that many, and items that end a line exactly are then nudged to the next.
 * Sizes are counted in 1/64 px, as browsers do, so that ties break the same way.
 */

const UNIT = 64;

/** The number of items on each line, for outer main sizes `sizes`. */
function balancedCounts(sizes: readonly number[], breakSize: number, gap: number, minLines: number): number[] {
  const n = sizes.length;
  if (n === 0) return [];
  const g = Math.round(Math.max(0, gap) * UNIT);
  // Prefix sums of size + gap; negative outer sizes count as 0 so that the sums keep growing.
  const sums: number[] = [];
  sizes.forEach((size, i) => sums.push((i === 0 ? 0 : sums[i - 1]!) + Math.max(0, Math.round(size * UNIT)) + g));
  let limit = Number.isFinite(breakSize) ? Math.round(breakSize * UNIT) : Infinity;
  const wanted = Math.min(Math.max(1, minLines), n);
  if (greedyCounts(sums, limit, g).length < wanted) limit = applyMinLines(sums, limit, g, wanted);
  if (limit === Infinity) return [n];
  return bestBreaks(sums, limit, g);
}

/** The items split into balanced lines, by their outer main sizes. */
export function balanceLines<T>(items: readonly T[], sizeOf: (item: T) => number, breakSize: number, gap: number, minLines: number): T[][] {
  let start = 0;
  return balancedCounts(items.map(sizeOf), breakSize, gap, minLines).map((count) => items.slice(start, (start += count)));
}

const lengthOf = (sums: readonly number[], start: number, end: number, g: number): number => sums[end]! - (start === 0 ? 0 : sums[start - 1]!) - g;

/** Greedy wrapping: each line takes the items that fit, at least one. */
function greedyCounts(sums: readonly number[], limit: number, g: number): number[] {
  const counts: number[] = [];
  let start = 0;
  while (start < sums.length) {
    let end = start;
    while (end + 1 < sums.length && lengthOf(sums, start, end + 1, g) <= limit) end++;
    counts.push(end - start + 1);
    start = end + 1;
  }
  return counts;
}

/** The break size bisected down to give `wanted` lines, then exact fits nudged (in `sums`) until they do. */
function applyMinLines(sums: number[], limit: number, g: number, wanted: number): number {
  let low = 0;
  let high = Math.min(limit, sums[sums.length - 1]! - g);
  while (low < high) {
    const mid = low + Math.floor((high - low) / 2);
    if (greedyCounts(sums, mid, g).length > wanted) low = mid + 1;
    else high = mid;
  }
  if (greedyCounts(sums, high, g).length >= wanted) return high;
  const exact: number[] = [];
  let previous = 0;
  let lineHasContent = false;
  for (let i = 0; i < sums.length; i++) {
    const length = sums[i]! - previous - g;
    if (length === high) exact.push(i);
    if (length > high) {
      previous = lineHasContent ? sums[i - 1]! : sums[i]!;
      lineHasContent = false;
      continue;
    }
    lineHasContent = true;
  }
  for (const index of exact.reverse()) {
    for (let i = index; i < sums.length; i++) sums[i]! += 1;
    if (greedyCounts(sums, high, g).length >= wanted) break;
  }
  return high;
}

/** The breaks with the least total squared free space (a later break wins a tie). */
function bestBreaks(sums: readonly number[], limit: number, g: number): number[] {
  const n = sums.length;
  const best: number[] = [];
  const breakBefore: number[] = [];
  let earliest = 0;
  for (let end = 0; end < n; end++) {
    while (earliest < end && lengthOf(sums, earliest, end, g) > limit) earliest++;
    let score = Infinity;
    let at = 0;
    for (let start = earliest; start <= end; start++) {
      const length = lengthOf(sums, start, end, g);
      const line = length > limit ? 0 : (limit - length) ** 2;
      const total = line + (start === 0 ? 0 : best[start - 1]!);
      if (total <= score) {
        score = total;
        at = start;
      }
    }
    best.push(score);
    breakBefore.push(at);
    // An oversized item is alone on its line: the next line starts after it.
    if (earliest === end && lengthOf(sums, earliest, end, g) > limit) earliest++;
  }
  const counts: number[] = [];
  for (let end = n - 1; end >= 0; end = breakBefore[end]! - 1) counts.unshift(end - breakBefore[end]! + 1);
  return counts;
}
