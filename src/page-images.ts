/** The images of `@page` backgrounds, known once the pages are (render.ts). */
import type { Diagnostics } from './diagnostics.js';
import type { PageLayout } from './layout/types.js';
import type { UrlOrigins } from './dom/url-origins.js';
import type { ResourceContext } from './resources/load.js';
import { backgroundUrls, loadImageUrls } from './resources/load.js';
import type { LoadedImage } from './resources/types.js';

/** The images of `@page` backgrounds, loaded into the render's images once the pages are known. */
export interface PageImageLoader {
  /** The render's images, and the pages' once loaded: what paint draws. */
  readonly images: ReadonlyMap<string, LoadedImage>;
  /** Once, with every page, when layout yields them whole. */
  load(pages: readonly PageLayout[]): Promise<void>;
  /** Nothing will be loaded: layout yields the pages one at a time. */
  unused(): void;
}

/**
 * The images of `@page` backgrounds, known once the pages are: a document with some is laid out
 * whole (prepareLayout), and they are loaded, into the render's images, before its first page is painted.
 * It holds the URL origins (for warnings) only until then: they hold the DOM, which they walk
 * when first asked, and a long document's layout would otherwise keep it to its end (the
 * 1,000-page table: ~45 MB of its heap).
 */
export function pageImageLoader(images: ReadonlyMap<string, LoadedImage>, resources: ResourceContext, diagnostics: Diagnostics, origins: UrlOrigins): PageImageLoader {
  const all = new Map(images);
  let originsUntilLoaded: UrlOrigins | undefined = origins;
  return {
    images: all,
    async load(pages) {
      const urls = backgroundUrls(pages.map((page) => page.pageStyle.style)).filter((url) => !images.has(url));
      const origins = originsUntilLoaded;
      originsUntilLoaded = undefined;
      if (urls.length === 0) return;
      for (const [url, image] of await loadImageUrls(urls, resources, diagnostics, origins)) all.set(url, image);
    },
    unused() {
      originsUntilLoaded = undefined;
    },
  };
}
