/** Moves a laid-out fragment tree; layout places relative results (lines, atomics) this way. */
import type { Fragment } from './types.js';

export function translateFragment<F extends Fragment>(fragment: F, dx: number, dy: number): F {
  if (dx === 0 && dy === 0) return fragment;
  switch (fragment.kind) {
    case 'box':
    case 'line': {
      const moved = {
        ...fragment,
        x: fragment.x + dx,
        y: fragment.y + dy,
        children: fragment.children.map((child) => translateFragment(child, dx, dy)),
      };
      return (fragment.kind === 'line' ? { ...moved, baseline: fragment.baseline + dy } : moved) as F;
    }
    case 'text':
      return {
        ...fragment,
        x: fragment.x + dx,
        y: fragment.y + dy,
        baseline: fragment.baseline + dy,
        runs: fragment.runs.map((run) => ({ ...run, x: run.x + dx })),
      };
    case 'image':
      return { ...fragment, x: fragment.x + dx, y: fragment.y + dy };
  }
}
