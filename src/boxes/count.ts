/** The box tree's size limit (limits.maxBoxes), checked once the tree is built. */
import type { Box, BoxTree } from './types.js';
import { childBoxes } from './types.js';
import { limitExceeded } from '../limits.js';

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
