/**
 * CSS Basic User Interface 4 properties that change a printed form control: `appearance` (§7.1:
 * `none` hands a checkbox, radio, progress or meter to the author's CSS) and `accent-color` (§6.2:
 * the colour of a checked checkbox or radio, and of a progress bar's value), and `field-sizing`
 * (§5.1: `content` sizes a text field, textarea or drop-down by what it shows, as Chromium), and
 * `resize` (§5.1: the grip Chromium prints in a resizable box's corner); and the scrollbars Chromium
 * prints in a scroll container (layout/scrollbars.ts): `scrollbar-width` (CSS Scrollbars 1 §3),
 * `scrollbar-color` (§2) and `scrollbar-gutter` (CSS Overflow 3 §5.2).
 */
import type { Color } from '../model/types.js';
import type { UiStyle } from '../model/ui-types.js';
import type { SpecifiedColor } from '../values/color.js';
import { parseColor, resolveColor } from '../values/color.js';
import { identOf, singleIdent } from '../values/nodes.js';
import type { PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand } from './define.js';

const appearance = keywordProperty({
  name: 'appearance',
  key: 'appearance',
  inherited: false,
  initial: 'auto',
  keywords: ['auto', 'none', 'menulist-button'],
  // Compat keywords (§7.1.1) draw the control as `auto` does; `menulist-button` is a select's button look (form-controls.ts).
  aliases: { textfield: 'auto', checkbox: 'auto', radio: 'auto', button: 'auto', listbox: 'auto', menulist: 'auto', 'searchfield': 'auto', 'textarea': 'auto', 'push-button': 'auto', 'slider-horizontal': 'auto', meter: 'auto', 'progress-bar': 'auto', 'square-button': 'auto' },
});

const accentColor = longhand<'accentColor', SpecifiedColor | 'auto'>({
  name: 'accent-color',
  key: 'accentColor',
  inherited: true,
  initial: 'auto',
  parse: (nodes) => {
    if (singleIdent(nodes) === 'auto') return 'auto';
    return nodes.length === 1 ? parseColor(nodes[0]) ?? INVALID : INVALID;
  },
  compute: (value, ctx): Color | 'auto' => (value === 'auto' ? 'auto' : resolveColor(value, ctx.color, ctx.colorScheme)),
});

const fieldSizing = keywordProperty({ name: 'field-sizing', key: 'fieldSizing', inherited: false, initial: 'fixed', keywords: ['fixed', 'content'] });

/** §5.1: printed as the grip in a resizable scroll container's corner (paint/resizer.ts); the direction draws the same grip. */
const resize = keywordProperty({ name: 'resize', key: 'resize', inherited: false, initial: 'none', keywords: ['none', 'both', 'horizontal', 'vertical', 'block', 'inline'] });

/** CSS Scrollbars 1 §2: the thumb's colour (and the arrows') and the track's (and the buttons'). */
const scrollbarColor = longhand<'scrollbarColor', { readonly thumb: SpecifiedColor; readonly track: SpecifiedColor } | 'auto'>({
  name: 'scrollbar-color',
  key: 'scrollbarColor',
  inherited: true,
  initial: 'auto',
  parse: (nodes) => {
    if (singleIdent(nodes) === 'auto') return 'auto';
    if (nodes.length !== 2) return INVALID;
    const [thumb, track] = [parseColor(nodes[0]), parseColor(nodes[1])];
    return thumb === undefined || track === undefined ? INVALID : { thumb, track };
  },
  compute: (value, ctx): UiStyle['scrollbarColor'] => (value === 'auto' ? 'auto'
    : { thumb: resolveColor(value.thumb, ctx.color, ctx.colorScheme), track: resolveColor(value.track, ctx.color, ctx.colorScheme) }),
});

const scrollbarWidth = keywordProperty({ name: 'scrollbar-width', key: 'scrollbarWidth', inherited: false, initial: 'auto', keywords: ['auto', 'thin', 'none'] });

/** `stable`, optionally with `both-edges` (in either order). */
const scrollbarGutter = longhand<'scrollbarGutter', UiStyle['scrollbarGutter']>({
  name: 'scrollbar-gutter',
  key: 'scrollbarGutter',
  inherited: false,
  initial: 'auto',
  parse: (nodes) => {
    const words = nodes.map((node) => identOf(node) ?? '').sort().join(' ');
    if (words === 'auto') return 'auto';
    if (words === 'stable') return 'stable';
    return words === 'both-edges stable' ? 'stable both-edges' : INVALID;
  },
  compute: (value) => value,
});

export const UI_PROPERTIES: readonly PropertyDef[] = [appearance, accentColor, fieldSizing, resize, scrollbarWidth, scrollbarGutter, scrollbarColor];
