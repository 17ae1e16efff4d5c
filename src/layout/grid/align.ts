/**
 * Alignment in grid layout (CSS Box Alignment 3): where `justify-self`/`align-self` put an item
 * in its grid area (§6), and how `justify-content`/`align-content` spread the tracks in the
 * grid container's free space (§5, content distribution §5.3).
 */

/** The last keyword and whether `safe` overflow alignment applies (a `safe` subject that overflows goes to start). */
function parse(value: string): { keyword: string; safe: boolean } {
  const words = value.split(/\s+/);
  return { keyword: words[words.length - 1]!, safe: words[0] === 'safe' };
}

/** The used self-alignment of an item: `auto` takes the container's `*-items`; `legacy` and `normal` give `normal`. */
export function usedSelf(self: string, items: string): string {
  const value = self === 'auto' ? items : self;
  return value === 'legacy' ? 'normal' : value;
}

/** Offset of a subject of outer size `size` in an area with `free` space left, for a self-alignment keyword. */
export function selfOffset(value: string, free: number, direction: 'ltr' | 'rtl' = 'ltr'): number {
  const { keyword, safe } = parse(value);
  if (free < 0 && safe) return 0;
  switch (keyword) {
    case 'center': return free / 2;
    case 'end': case 'flex-end': case 'self-end': return free;
    case 'left': return direction === 'rtl' ? free : 0;
    case 'right': return direction === 'rtl' ? 0 : free;
    default: return 0;
  }
}

/** Whether an item with this used self-alignment is stretched to fill its area (normal stretches non-replaced boxes). */
export function stretches(value: string, replaced: boolean): boolean {
  return value === 'stretch' || (value === 'normal' && !replaced);
}

/** The leading offset and the extra space between tracks that content distribution gives (§5.3). */
export function distributeContent(value: string, free: number, tracks: number, direction: 'ltr' | 'rtl' = 'ltr'): { offset: number; between: number } {
  const { keyword, safe } = parse(value);
  // Overflowing: distributed values fall back to `start` or `safe center`, which is start too (§5.3).
  if (free < 0 && (safe || keyword.startsWith('space-'))) return { offset: 0, between: 0 };
  switch (keyword) {
    case 'space-between': return tracks > 1 ? { offset: 0, between: free / (tracks - 1) } : { offset: 0, between: 0 };
    case 'space-around': return { offset: free / tracks / 2, between: free / tracks };
    case 'space-evenly': return { offset: free / (tracks + 1), between: free / (tracks + 1) };
    default: return { offset: selfOffset(keyword, free, direction), between: 0 };
  }
}
