/** The css stage: stylesheets -> cascade -> computed styles (docs/design.md §2). */
export type { Stylesheet, Origin } from './stylesheet.js';
export type { StylesheetCache } from './cache.js';
export { createStylesheetCache } from './cache.js';
export type { CollectContext } from './collect.js';
export { collectStylesheets } from './collect.js';
export type { CascadeContext } from './cascade.js';
export { cascade } from './cascade.js';
export { computePageStyle, computeMarginBoxStyle, hasMarginBoxContent, hasPageBackgroundImages, marginBoxContentItems, marginBoxImageUrls, parsePageSize, PAGE_SIZES } from './page.js';
export type { PageEnvironment } from './page-environment.js';
