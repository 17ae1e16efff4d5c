/**
 * limits.maxBoxes while the tree is built (boxes/build.ts): building stops at the first box the
 * tree surely has past the limit, and never refuses a tree that the exact count (checkBoxCount, boxes/count.ts)
 * accepts, whatever anonymous, generated, white-space or `display: contents` boxes it has.
 */
import { describe, expect, it } from 'vitest';
import { checkBoxCount } from '../../src/boxes/count.js';
import { OctavoError } from '../../src/errors.js';
import { childBoxes } from '../../src/boxes/types.js';
import type { Box } from '../../src/boxes/types.js';
import { boxTree } from './helpers.js';

const TABLE = `<table>${'<tr><td>a</td><td> </td><td>b</td></tr>\n'.repeat(40)}</table>`;
const MIXED = `<style>p::before { content: "§" } .c { display: contents } .n { display: none }</style>
  ${'<p>one <span class=c>two <b>three</b></span></p> <div class=n><p>x</p></div> <ul><li>item</li></ul>'.repeat(25)}`;

/** Every box of a tree built without the limit (what checkBoxCount counts). */
async function exactCount(html: string): Promise<number> {
  const { tree } = await boxTree(html);
  const stack: Box[] = [tree.root];
  let count = 0;
  for (; stack.length > 0; count++) stack.push(...childBoxes(stack.pop()!));
  return count;
}

describe('maxBoxes while the box tree is built', () => {
  it('stops building once the tree surely has more boxes than the limit', async () => {
    const error = await boxTree(TABLE, 50).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(OctavoError);
    expect((error as OctavoError).code).toBe('limit_exceeded');
    expect((error as OctavoError).message).toContain('limits.maxBoxes = 50');
  });

  it('builds every tree whose exact count is within the limit', async () => {
    for (const html of [TABLE, MIXED]) {
      const count = await exactCount(html);
      const { tree } = await boxTree(html, count);
      expect(() => checkBoxCount(tree, count)).not.toThrow();
      expect(() => checkBoxCount(tree, count - 1)).toThrow();
    }
  });
});
