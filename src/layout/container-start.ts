/**
 * Where a flex or multi-column container's fragment starts on a page (CSS Fragmentation 3 §5.4):
 * the page room its content may use (less the bottom padding and border a cloned box draws at
 * every break), its border edge after the collapsed top margin (none when it continues, or at the
 * top of a page after an unforced break), and the top border and padding it draws here (none
 * when a sliced box continues).
 */
import type { ComputedStyle } from '../css/types.js';
import type { Fragmentainer, LayoutInput } from './contract.js';
import type { ContainerMetrics } from './box-model.js';
import { marginOrZero } from './box-model.js';
import { clonedRoom } from './break-token.js';
import { EMPTY_STRUT, addMargin, collapsedMargin } from './margins.js';

export interface ContainerStart {
  readonly page: Fragmentainer | undefined;
  readonly borderTop: number;
  readonly top: { readonly border: number; readonly padding: number };
}

export function containerStart(style: ComputedStyle, input: LayoutInput, metrics: ContainerMetrics, continued: boolean): ContainerStart {
  const { border, padding } = metrics;
  const page = input.fragmentainer !== undefined && style.boxDecorationBreak === 'clone' ? clonedRoom(input.fragmentainer, padding.bottom + border.bottom) : input.fragmentainer;
  const discard = page !== undefined && page.discardTopMargins && page.atTop;
  const ownTop = continued || discard ? 0 : marginOrZero(style.marginTop, input.containingWidth);
  const borderTop = input.y + collapsedMargin(addMargin(discard ? EMPTY_STRUT : input.strut, ownTop));
  const cut = continued && style.boxDecorationBreak !== 'clone';
  return { page, borderTop, top: { border: cut ? 0 : border.top, padding: cut ? 0 : padding.top } };
}
