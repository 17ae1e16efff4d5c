/**
 * "Did you mean …?": the known names closest to a mistyped one, by Damerau–Levenshtein distance
 * (optimal string alignment: insertions, deletions, substitutions and swaps of two neighbours each
 * cost 1), as `git` and `cargo` suggest commands. Used for helpers, partials, payload fields, CSS
 * properties and values, CLI flags and commands.
 */

/** Edit distance between `a` and `b`, or `limit + 1` as soon as it is known to exceed `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, twoBack[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    twoBack = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidates closest to `written` (case-insensitively), best first: at most a third of its
 * length in edits (at least 1, at most 3), so that "colr" suggests "color" but "x" suggests nothing.
 */
export function closestNames(written: string, candidates: Iterable<string>, max = 3): string[] {
  const target = written.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(target.length / 3)));
  const scored: { name: string; distance: number }[] = [];
  const seen = new Set<string>();
  for (const name of candidates) {
    if (seen.has(name) || name === written) continue;
    seen.add(name);
    const distance = editDistance(target, name.toLowerCase(), limit);
    if (distance <= limit) scored.push({ name, distance });
  }
  scored.sort((x, y) => x.distance - y.distance || x.name.localeCompare(y.name));
  return scored.slice(0, max).map(({ name }) => name);
}

/** `did you mean 'formatCurrency'?` (quoted with `quote`), or undefined when nothing is close. */
export function didYouMean(written: string, candidates: Iterable<string>, quote = "'"): string | undefined {
  const names = closestNames(written, candidates);
  if (names.length === 0) return undefined;
  const quoted = names.map((name) => `${quote}${name}${quote}`);
  return `did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}?`;
}
