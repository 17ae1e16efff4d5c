/** CSS Box Alignment 3: where an alignment value puts a subject in its free space. */

/**
 * The offset `align-content` gives the content of a block container (§5.1): distributed values
 * fall back to their single-subject positions (`space-between` to start, `space-around` and
 * `space-evenly` to center); overflowing content stays at the start unless `unsafe` says otherwise.
 */
export function blockContentOffset(value: string, free: number): number {
  // the initial value, which nearly every box has: no need to read the words
  if (value === 'normal') return 0;
  const words = value.split(/\s+/);
  const keyword = words[words.length - 1];
  if (free < 0 && !words.includes('unsafe')) return 0;
  switch (keyword) {
    case 'center': case 'space-around': case 'space-evenly': return free / 2;
    case 'end': case 'flex-end': return free;
    default: return 0;
  }
}
