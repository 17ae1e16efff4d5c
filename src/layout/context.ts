/** Read-only services every layout algorithm may use (no page state lives here). */
import type { Diagnostics } from '../diagnostics.js';
import type { ComputedStyle, PageContext, PageStyle } from '../css/types.js';
import type { LoadedImage } from '../resources/types.js';
import type { TextSystem } from '../text/types.js';

export interface LayoutContext {
  readonly text: TextSystem;
  readonly images: ReadonlyMap<string, LoadedImage>;
  readonly diagnostics: Diagnostics;
  /** The computed page box for a page (css stage, `@page` rules). */
  readonly pageStyle: (page: PageContext) => PageStyle;
  /**
   * The computed style of a page-margin box (`top-center`...) of a page, undefined when it is not
   * generated (css stage, `@page` margin-box rules; CSS Paged Media 3 §5). Without it, pages
   * have no margin boxes.
   */
  readonly marginBoxStyle?: (page: PageContext, box: string) => ComputedStyle | undefined;
  readonly maxPages: number;
  /** Throws OctavoError('limit_exceeded') once the render's time budget (limits.maxRenderMs) is spent. */
  readonly checkBudget?: () => void;
}
