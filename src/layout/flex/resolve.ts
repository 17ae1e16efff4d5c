/**
 * Resolving flexible lengths (CSS Flexbox 1 §9.7): free space is handed out by flex-grow, or
 * taken back in proportion to flex-shrink times the inner base size, in rounds that freeze the
 * items whose min or max size is violated.
 */
import type { SizedItem } from './base-size.js';
import { marginsOf } from './items.js';
import { outerHypothetical } from './lines.js';

interface Flexing {
  readonly sized: SizedItem;
  target: number;
  frozen: boolean;
}

/** The used main size (border box) of each item of a line. */
export function resolveFlexibleLengths(line: readonly SizedItem[], availableMain: number, gap: number): number[] {
  const gaps = gap * Math.max(0, line.length - 1);
  if (!Number.isFinite(availableMain)) return line.map((s) => s.hypothetical);
  const used = line.reduce((sum, s) => sum + outerHypothetical(s), 0) + gaps;
  const growing = used < availableMain;
  const factor = (s: SizedItem): number => (growing ? s.item.style.flexGrow : s.item.style.flexShrink);
  const items: Flexing[] = line.map((sized) => {
    const inflexible = factor(sized) === 0 || (growing ? sized.base > sized.hypothetical : sized.base < sized.hypothetical);
    return { sized, target: sized.hypothetical, frozen: inflexible };
  });
  const freeSpace = (): number => availableMain - gaps
    - items.reduce((sum, f) => sum + (f.frozen ? f.target : f.sized.base) + marginsOf(f.sized.item.main), 0);
  const initialFree = freeSpace();
  for (let round = 0; round <= items.length && items.some((f) => !f.frozen); round++) {
    const active = items.filter((f) => !f.frozen);
    let free = freeSpace();
    const factors = active.reduce((sum, f) => sum + factor(f.sized), 0);
    if (factors < 1 && Math.abs(initialFree * factors) < Math.abs(free)) free = initialFree * factors;
    distributeFree(active, free, growing, factors);
    if (freezeViolations(active)) break;
  }
  return items.map((f) => f.target);
}

function distributeFree(active: Flexing[], free: number, growing: boolean, factors: number): void {
  if (growing) {
    for (const f of active) f.target = f.sized.base + (factors > 0 ? (free * f.sized.item.style.flexGrow) / factors : 0);
    return;
  }
  const scaled = (f: Flexing): number => f.sized.item.style.flexShrink * Math.max(0, f.sized.base - f.sized.item.main.edges);
  const total = active.reduce((sum, f) => sum + scaled(f), 0);
  for (const f of active) f.target = f.sized.base + (total > 0 ? (free * scaled(f)) / total : 0);
}

/** Clamps every target; freezes the min violators, the max violators, or all (§9.7 step 4 d-e). Returns true when all froze. */
function freezeViolations(active: Flexing[]): boolean {
  let total = 0;
  const violation = new Map<Flexing, number>();
  for (const f of active) {
    const axis = f.sized.item.main;
    const clamped = Math.max(Math.min(f.target, axis.max), f.sized.minMain, axis.edges);
    violation.set(f, clamped - f.target);
    total += clamped - f.target;
    f.target = clamped;
  }
  const epsilon = 1e-7;
  for (const f of active) {
    const v = violation.get(f)!;
    if (Math.abs(total) < epsilon || (total > 0 && v > 0) || (total < 0 && v < 0)) f.frozen = true;
  }
  return Math.abs(total) < epsilon;
}
