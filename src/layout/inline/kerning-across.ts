/**
 * Kerning across a piece's end (measure.ts, plain-text.ts). A word, its spaces and the next piece
 * are shaped apart (the spaces hang at a line end; CJK text is a piece per character), where a
 * browser shapes the text whole:
 * Liberation Serif and Sans kern "A" before a space by -113 units and a space before "T" by -37,
 * Noto Sans CJK kerns い, し, で… before the next kana. What two characters add shaped together
 * goes to the first of them (as pair kerning does): the word's last with its first space to the
 * word; the last space with the next character of the item to the spaces, which hang with it at a
 * line end; a word without spaces with the next character to the word's end (`endSpacing`): not
 * at a line end, where Chromium shapes the word again
 * and the next piece starts a line unkerned. Left to right only.
 */
import type { FontRequest, TextSystem } from '../../text/types.js';
import type { TextItem } from './items.js';
import { codePointBefore } from '../../append-all.js';

/** What kerning asks: the render's text system. */
interface TextEnv {
  readonly text: TextSystem;
}

/** What the last character of `text` and `next` add shaped together (0 without a next character). */
export function kerningAfter(env: TextEnv, request: FontRequest, text: string, next: number | undefined): number {
  const last = next === undefined ? undefined : codePointBefore(text, text.length);
  return last === undefined || env.text.pairKerning === undefined ? 0 : env.text.pairKerning(request, last, next!);
}

/** The character after `to`: the item's, at its end the next text's in the same font (items.ts `following`), none after a forced break. */
export function nextCharacter(item: TextItem, to: number, forcedBreak: boolean): number | undefined {
  if (forcedBreak) return undefined;
  return to < item.text.length ? item.text.codePointAt(to) : item.following;
}

