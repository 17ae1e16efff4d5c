/**
 * The engine's one grapheme-cluster segmenter (UAX #29, through ICU), made on first use: an ICU
 * object cannot be written into the command line's V8 startup snapshot, so none is made when a
 * module loads, and engine-snapshot.ts forgets it before the snapshot's heap is written.
 */
let segmenter: Intl.Segmenter | undefined;

export function graphemeSegmenter(): Intl.Segmenter {
  return (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));
}

/** Forgets the segmenter (the next call makes another). */
export function dropGraphemeSegmenter(): void {
  segmenter = undefined;
}
