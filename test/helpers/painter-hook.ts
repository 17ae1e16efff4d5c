/**
 * The page painter (src/paint/paint-page.ts) with a hook called before each part is painted, for
 * a test's `vi.mock` of that module (the engine is imported after it, dynamically):
 *
 *   vi.mock('../../src/paint/paint-page.js', async (importOriginal) =>
 *     (await import('../helpers/painter-hook.js')).withPainterHook(await importOriginal(), (laid) => { ... }));
 */
import type * as PaintPageModule from '../../src/paint/paint-page.js';

type Painter = ReturnType<typeof PaintPageModule.createPagePainter>;

export function withPainterHook(original: typeof PaintPageModule, hook: (laid: Parameters<Painter>[0]) => void): typeof PaintPageModule {
  return {
    ...original,
    createPagePainter: (...args) => {
      const paint = original.createPagePainter(...args);
      return (laid) => {
        hook(laid);
        return paint(laid);
      };
    },
  };
}
