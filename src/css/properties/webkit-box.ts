/**
 * The 2009 flexbox of `display: -webkit-box` (the only flexbox of wkhtmltopdf's WebKit, and still
 * in Chromium): `-webkit-box-pack`, `-webkit-box-align`, `-webkit-box-flex`,
 * `-webkit-box-direction`, `-webkit-box-ordinal-group` (`-webkit-box-orient` is with `display`).
 * A `-webkit-box` is laid out as a flex container whose alignment, direction, and items' flex and
 * order come from these instead of the standard properties, as Chromium lays it out
 * (css/compute.ts, webkitBoxFixups).
 */
import { numberProperty } from './common.js';
import type { PropertyDef } from './define.js';
import { keywordProperty } from './define.js';

export const WEBKIT_BOX_PROPERTIES: readonly PropertyDef[] = [
  keywordProperty({ name: '-webkit-box-pack', key: 'webkitBoxPack', keywords: ['start', 'end', 'center', 'justify'], initial: 'start', inherited: false }),
  keywordProperty({ name: '-webkit-box-align', key: 'webkitBoxAlign', keywords: ['stretch', 'start', 'end', 'center', 'baseline'], initial: 'stretch', inherited: false }),
  keywordProperty({ name: '-webkit-box-direction', key: 'webkitBoxDirection', keywords: ['normal', 'reverse'], initial: 'normal', inherited: false }),
  numberProperty('-webkit-box-flex', 'webkitBoxFlex', 0, false, { min: 0 }),
  numberProperty('-webkit-box-ordinal-group', 'webkitBoxOrdinalGroup', 1, false, { min: 1, integer: true }),
];
