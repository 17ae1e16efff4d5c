/**
 * Flattens an inline formatting context into a list of items (CSS Inline 3 §2): text,
 * the start and end of inline boxes, atomic inlines and forced breaks. Text is transformed
 * (text-transform) here, once, and concatenated so line-break opportunities can be found
 * across element boundaries.
 */
import type { BlockBox, InlineBox, InlineLevelBox, LineBreakBox, ReplacedBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';

export type InlineItem =
  | { readonly kind: 'text'; readonly style: ComputedStyle; readonly text: string; readonly start: number; readonly parent: InlineBox | undefined }
  | { readonly kind: 'open'; readonly box: InlineBox; readonly start: number }
  | { readonly kind: 'close'; readonly box: InlineBox; readonly start: number }
  | { readonly kind: 'atomic'; readonly box: BlockBox | ReplacedBox; readonly start: number }
  | { readonly kind: 'break'; readonly box: LineBreakBox; readonly start: number };

export interface InlineItems {
  readonly items: readonly InlineItem[];
  /** All text of the context; atomics are U+FFFC, forced breaks U+000A. */
  readonly text: string;
}

export const OBJECT_REPLACEMENT = '\ufffc';

export function collectInlineItems(children: readonly InlineLevelBox[]): InlineItems {
  const items: InlineItem[] = [];
  let text = '';
  const visit = (boxes: readonly InlineLevelBox[], parent: InlineBox | undefined): void => {
    for (const box of boxes) {
      switch (box.kind) {
        case 'text': {
          const transformed = transformText(box.text, box.style.textTransform);
          items.push({ kind: 'text', style: box.style, text: transformed, start: text.length, parent });
          text += transformed;
          break;
        }
        case 'inline':
          items.push({ kind: 'open', box, start: text.length });
          visit(box.children, box);
          items.push({ kind: 'close', box, start: text.length });
          break;
        case 'br':
          items.push({ kind: 'break', box, start: text.length });
          text += '\n';
          break;
        case 'block':
        case 'replaced':
          items.push({ kind: 'atomic', box, start: text.length });
          text += OBJECT_REPLACEMENT;
          break;
      }
    }
  };
  visit(children, undefined);
  return { items, text };
}

/** CSS Text 3 §2.1 text-transform (full case mappings from the JS engine). */
export function transformText(text: string, transform: ComputedStyle['textTransform']): string {
  switch (transform) {
    case 'none': return text;
    case 'uppercase': return text.toUpperCase();
    case 'lowercase': return text.toLowerCase();
    case 'capitalize': return text.replace(/(^|[\s\p{P}])(\p{L})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());
  }
}
