/**
 * What every layout algorithm may use: read-only services (fonts, images, diagnostics, page
 * styles) and the caches of one render. Caches of intrinsic sizes, measured inline content and
 * laid-out lines live here, not in modules, so that two renders never share state and a second
 * layout pass (table of contents page numbers, column balancing) starts from what it needs.
 */
import type { TablePlan } from './table/plan.js';
import type { ColumnSpec } from './table/columns.js';
import type { RowsAhead } from './table/rows-ahead.js';
import type { Diagnostics } from '../diagnostics.js';
import type { BlockBox, BoxElement, InlineFlowBox, LayoutBox, TableWrapperBox } from '../boxes/types.js';
import type { Segment } from './multicol/segments.js';
import type { ComputedStyle, PageContext, PageStyle } from '../css/types.js';
import type { LoadedImage } from '../resources/types.js';
import type { TextSystem } from '../text/types.js';
import type { IntrinsicSizes } from './inline/intrinsic.js';
import type { MeasuredInline } from './inline/measured.js';
import type { LayoutOutput } from './contract.js';
import type { PageNames } from './page/page-names.js';

export interface LayoutServices {
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

/** Memoised results of one render, keyed by box identity. */
export interface LayoutCaches {
  /** Content-box min-/max-content widths. */
  readonly intrinsic: WeakMap<object, IntrinsicSizes>;
  /** Inline formatting contexts cut into measured pieces, per containing width. */
  readonly inline: WeakMap<InlineFlowBox, Map<number, MeasuredInline>>;
  /** Content language of elements (HTML `lang`). */
  readonly langs: WeakMap<BoxElement, string>;
  /** Tables' grids, border models and column widths (table/plan.ts). */
  readonly tables: WeakMap<TableWrapperBox, TablePlan>;
  /** Their columns' min-/max-content widths (table/columns.ts), measured only when auto layout needs them. */
  readonly tableColumns: WeakMap<TablePlan, readonly ColumnSpec[]>;
  /** Their rows laid out on one page that the next lays out the same (table/rows-ahead.ts). */
  readonly tableRowsAhead: WeakMap<TablePlan, RowsAhead>;
  /** Measuring runs of flex items, by the sizes asked for (flex/measure.ts). */
  readonly flexMeasures: WeakMap<LayoutBox, Map<string, LayoutOutput>>;
  /** Flex items seen as formatting context roots (flex/items.ts). */
  readonly flexItemViews: WeakMap<LayoutBox, LayoutBox>;
  /** Flex items without their own height limits, to measure their content height (flex/measure.ts). */
  readonly flexContentViews: WeakMap<LayoutBox, LayoutBox>;
  /** Multi-column containers cut into column sets and spanners (multicol/segments.ts). */
  readonly multicolSegments: WeakMap<BlockBox, readonly Segment[]>;
}

export interface LayoutContext extends LayoutServices {
  readonly caches: LayoutCaches;
  /** Page values of the boxes when the document names pages (page/page-names.ts). */
  readonly pageNames?: PageNames | undefined;
}

export function createLayoutContext(services: LayoutServices): LayoutContext {
  return {
    ...services,
    caches: { intrinsic: new WeakMap(), inline: new WeakMap(), langs: new WeakMap(), tables: new WeakMap(), tableColumns: new WeakMap(), tableRowsAhead: new WeakMap(), flexMeasures: new WeakMap(), flexItemViews: new WeakMap(), flexContentViews: new WeakMap(), multicolSegments: new WeakMap() },
  };
}
