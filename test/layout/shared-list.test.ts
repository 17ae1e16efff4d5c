import { describe, expect, it } from 'vitest';
import { SharedList } from '../../src/layout/shared-list.js';

describe('SharedList', () => {
  it('keeps every list as it was when appended to, the newest or an older one', () => {
    const empty = SharedList.empty<number>();
    const a = empty.append([1, 2]);
    const b = a.append([3]);
    const c = a.append([4, 5]); // an older list: b keeps its 3
    const d = b.append([]);
    expect([empty.slice(), a.slice(), b.slice(), c.slice(), d.slice(), c.append([6]).slice(), b.append([7]).slice()])
      .toEqual([[], [1, 2], [1, 2, 3], [1, 2, 4, 5], [1, 2, 3], [1, 2, 4, 5, 6], [1, 2, 3, 7]]);
    expect(b.slice(1)).toEqual([2, 3]);
    expect(d).toBe(b);
    expect(c.length).toBe(4);
  });
});
