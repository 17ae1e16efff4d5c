/** Read-only services every layout algorithm may use (no page state lives here). */
import type { Diagnostics } from '../diagnostics.js';
import type { PageContext, PageStyle } from '../css/types.js';
import type { LoadedImage } from '../resources/types.js';
import type { TextSystem } from '../text/types.js';

export interface LayoutContext {
  readonly text: TextSystem;
  readonly images: ReadonlyMap<string, LoadedImage>;
  readonly diagnostics: Diagnostics;
  /** The computed page box for a page (css stage, `@page` rules). */
  readonly pageStyle: (page: PageContext) => PageStyle;
  readonly maxPages: number;
}
