/**
 * ::first-line (CSS Pseudo 4 §2.1): a block container's first formatted line in a style of its
 * own. Which content makes the first line is known only when lines are broken, so the box keeps a
 * second copy of its inline content styled for the first line (`InlineFlowBox.firstLine`): its
 * text takes the ::first-line style, and each inline box on it inherits from that style what it
 * inherited from its parent (the spec's fictional tag sequence, `<p><p::first-line><b>…`). Layout
 * sets the first line from the copy and the rest from the box's own content (layout/inline); the
 * copy keeps the ::first-line style too, for the line's strut.
 * A first line inside the block's first child block takes the style too, inheriting from that block.
 */
import type { ComputedStyle, ElementPseudoStyles, StyledDocument } from '../css/types.js';
import { reparented } from '../css/compute.js';
import type { DomElement } from '../dom/types.js';
import type { BlockBox, BlockLevelBox, InlineLevelBox } from './types.js';

/** `box` with its first line's content styled by the element's ::first-line rules, when it has some. */
export function withFirstLine(styled: StyledDocument, element: DomElement, pseudos: ElementPseudoStyles, box: BlockBox): BlockBox {
  if (pseudos.firstLine === undefined) return box;
  const styles: LineStyles = { line: (parent) => styled.firstLineStyle(element, parent), letter: (parent) => styled.firstLetterStyle(element, parent) };
  return styledFirstLine(box, styles);
}

/** The element's ::first-line and ::first-letter styles under a given parent. */
interface LineStyles {
  readonly line: (parent: ComputedStyle) => ComputedStyle | undefined;
  readonly letter: (parent: ComputedStyle) => ComputedStyle | undefined;
}

function styledFirstLine(box: BlockBox, styles: LineStyles): BlockBox {
  if (box.inlineContent) {
    const line = styles.line(box.style);
    if (line === undefined) return box;
    const firstLine: BlockBox = { ...box, children: restyled(box.children, box.style, line, styles), firstLine: undefined, lineStyle: line };
    return { ...box, firstLine } as BlockBox;
  }
  // the first line is the first in-flow block child's (out-of-flow boxes before it are not lines)
  const index = box.children.findIndex((child) => child.kind !== 'out-of-flow');
  const first = box.children[index];
  if (first === undefined || first.kind !== 'block' || first.outer !== 'block') return box;
  const children: BlockLevelBox[] = [...box.children];
  children[index] = styledFirstLine(first, styles);
  return { ...box, children } as BlockBox;
}

/**
 * Inline content that inherited from `parent` as it inherits from `line` instead. The block's
 * ::first-letter is cascaded again under it (`font-size: 2.5em` of the first line's size).
 */
function restyled(children: readonly InlineLevelBox[], parent: ComputedStyle, line: ComputedStyle, styles: LineStyles): InlineLevelBox[] {
  const letterStyle = (style: ComputedStyle): ComputedStyle => styles.letter(line) ?? reparented(style, parent, line);
  return children.map((child): InlineLevelBox => {
    switch (child.kind) {
      case 'text': return { ...child, style: child.style === parent ? line : reparented(child.style, parent, line) };
      case 'inline': {
        const style = child.pseudo === 'first-letter' ? letterStyle(child.style) : reparented(child.style, parent, line);
        return { ...child, style, children: restyled(child.children, child.style, style, styles) };
      }
      case 'out-of-flow': {
        // a floated ::first-letter is on the first line: it inherits from it (`text-transform`…)
        const box = child.box;
        if (child.pseudo !== 'first-letter' || box.kind !== 'block' || !box.inlineContent) return child;
        const style = letterStyle(box.style);
        return { ...child, style, box: { ...box, style, children: restyled(box.children, box.style, style, styles) } };
      }
      // an atomic inline is one unit on the line: its inside has no first line of this block
      default: return child;
    }
  });
}
