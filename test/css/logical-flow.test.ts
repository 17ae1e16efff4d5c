/**
 * Flow-relative properties in every writing mode (CSS Logical 1, CSS Writing Modes 4 §6.4): the
 * physical values headless Chromium 156 computes for the same declarations (getComputedStyle).
 */
import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '../../src/css/types.js';
import { styleWith } from './helpers.js';

const CSS = `.t { margin-block-start: 1px; margin-block-end: 2px; margin-inline-start: 3px; margin-inline-end: 4px;
  inline-size: 100px; block-size: 50px; border-start-end-radius: 9px }`;

/** margins top right bottom left, width, height, and which corner has the radius. */
function physical(style: ComputedStyle): string {
  const corners = { 'top-left': style.borderTopLeftRadius, 'top-right': style.borderTopRightRadius, 'bottom-right': style.borderBottomRightRadius, 'bottom-left': style.borderBottomLeftRadius };
  const rounded = Object.entries(corners).find(([, radius]) => (radius as readonly unknown[])[0] === 9)?.[0];
  return `${style.marginTop} ${style.marginRight} ${style.marginBottom} ${style.marginLeft} ${style.width}x${style.height} ${rounded}`;
}

describe('flow-relative properties by writing mode and direction', () => {
  it.each([
    ['horizontal-tb', 'ltr', '1 4 2 3 100x50 top-right'],
    ['vertical-rl', 'ltr', '3 1 4 2 50x100 bottom-right'],
    ['vertical-rl', 'rtl', '4 1 3 2 50x100 top-right'],
    ['vertical-lr', 'ltr', '3 2 4 1 50x100 bottom-left'],
    ['sideways-lr', 'ltr', '4 2 3 1 50x100 top-left'],
    ['sideways-lr', 'rtl', '3 2 4 1 50x100 bottom-left'],
  ])('%s %s', async (mode, direction, expected) => {
    const doc = await styleWith(CSS, `<div id="x" class="t" style="writing-mode: ${mode}; direction: ${direction}"></div>`);
    expect(physical(doc.style('#x'))).toBe(expected);
  });

  it('an element inherits its parent\'s writing mode for its own flow-relative properties', async () => {
    const doc = await styleWith(CSS, '<div style="writing-mode: vertical-rl"><div id="x" class="t"></div></div>');
    expect(physical(doc.style('#x'))).toBe('3 1 4 2 50x100 bottom-right');
  });
});
