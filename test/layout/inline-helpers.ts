// What the inline-layout unit tests share: an environment over the bundled fonts (no atomic
// inlines, fresh per-render memos) and the inline formatting contexts of a document's `p`s.
import type { Box, InlineFlowBox } from '../../src/boxes/types.js';
import { createFontRegistry } from '../../src/text/fonts.js';
import type { InlineEnv } from '../../src/layout/inline/index.js';
import { allBoxes, boxTree } from '../boxes/helpers.js';
import { newDiagnostics } from '../text/helpers.js';

export const text = createFontRegistry({ extraFonts: [] }).forRender({ faces: [], diagnostics: newDiagnostics() });

export function env(): InlineEnv {
  return {
    text,
    layoutAtomic: () => { throw new Error('no atomic inlines here'); },
    definiteHeightOf: () => undefined,
    anchorSizes: () => ({ minContent: 0, maxContent: 0 }),
    cache: new WeakMap(),
    langs: new WeakMap(),
    metrics: new WeakMap(),
    documentMode: 'no-quirks',
    runFacts: new WeakMap(),
    altTextInline: () => undefined,
  };
}

/** The inline formatting contexts of the `p`s of `html`'s body, in order. */
export async function paragraphs(html: string): Promise<InlineFlowBox[]> {
  const { tree } = await boxTree(html);
  return allBoxes(tree.root).filter((box: Box): box is InlineFlowBox => box.kind === 'block' && box.inlineContent && box.element?.name === 'p');
}
