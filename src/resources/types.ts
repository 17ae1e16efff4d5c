/** Resources loaded before layout (the only async stage). */

export interface LoadedImage {
  /** Stable key (content hash) so the PDF embeds each image once. */
  readonly id: string;
  readonly format: 'png' | 'jpeg';
  readonly bytes: Uint8Array;
  /** Intrinsic size in px. */
  readonly width: number;
  readonly height: number;
}

export interface LoadedResources {
  /** Images by absolute URL (as written in the box tree). */
  readonly images: ReadonlyMap<string, LoadedImage>;
}
