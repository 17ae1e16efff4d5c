/**
 * Appends `source` to `target` one element at a time and returns `target`: unlike
 * `target.push(...source)` it has no argument-count limit and makes no spread of `source`, and
 * unlike `concat` it makes no new list (hot paths append many short lists).
 */
export function appendAll<T>(target: T[], source: readonly T[]): T[] {
  for (let i = 0; i < source.length; i++) target.push(source[i]!);
  return target;
}
