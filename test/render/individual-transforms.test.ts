/**
 * The individual transform properties (CSS Transforms 2 §4), as Tailwind CSS 4's `translate-*`,
 * `rotate-*` and `scale-*` utilities write them: each draws as the `transform` function it stands
 * for, applied before `transform` in the order translate, rotate, scale, about `transform-origin`.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const page = (css: string, body = '<div class="a"></div>'): string => `<!doctype html><style>@page { size: 12px 8px; margin: 0 } body { margin: 0 }
  .a { width: 4px; height: 2px; background: red } ${css}</style>${body}`;

describe('translate, rotate and scale', () => {
  it('translate moves the box, percentages against its own border box', async () => {
    expect(await renderPage(page('.a { translate: 3px 50% }'))).toEqual([
      '____________',
      '___RRRR_____',
      '___RRRR_____',
      '____________',
      '____________',
      '____________',
      '____________',
      '____________',
    ]);
  });

  it('Tailwind 4\'s centring: left 50% and translate -50%, through its custom properties', async () => {
    const css = `@property --tw-translate-x { syntax: "*"; inherits: false; initial-value: 0 }
      @property --tw-translate-y { syntax: "*"; inherits: false; initial-value: 0 }
      .abs { position: absolute; left: 50%; top: 2px }
      .-translate-x-1\\/2 { --tw-translate-x: calc(calc(1 / 2 * 100%) * -1); translate: var(--tw-translate-x) var(--tw-translate-y) }`;
    expect(await renderPage(page(css, '<div class="a abs -translate-x-1/2"></div>'))).toEqual([
      '____________',
      '____________',
      '____RRRR____',
      '____RRRR____',
      '____________',
      '____________',
      '____________',
      '____________',
    ]);
  });

  it('each draws as its transform function, in the order translate, rotate, scale, then transform', async () => {
    const individual = await renderPage(page('.a { margin: 3px; translate: 2px 1px; rotate: 90deg; scale: 1.5 50%; transform: translateX(1px) }'));
    const functions = await renderPage(page('.a { margin: 3px; transform: translate(2px, 1px) rotate(90deg) scale(1.5, 0.5) translateX(1px) }'));
    expect(individual).toEqual(functions);
    expect(individual.join('')).toContain('R');
    // and not in another order
    const reordered = await renderPage(page('.a { margin: 3px; transform: scale(1.5, 0.5) rotate(90deg) translate(2px, 1px) translateX(1px) }'));
    expect(individual).not.toEqual(reordered);
  });

  it('rotate takes an axis; scale a third value; none resets', async () => {
    const zAxis = await renderPage(page('.a { margin: 3px; rotate: z 90deg }'));
    expect(zAxis).toEqual(await renderPage(page('.a { margin: 3px; rotate: 90deg }')));
    expect(await renderPage(page('.a { margin: 3px; rotate: 0 0 1 90deg }'))).toEqual(zAxis);
    expect(await renderPage(page('.a { margin: 3px; scale: 2 2 1 }'))).toEqual(await renderPage(page('.a { margin: 3px; scale: 2 }')));
    expect(await renderPage(page('.a { translate: 5px; translate: none }'))).toEqual(await renderPage(page('')));
  });
});
