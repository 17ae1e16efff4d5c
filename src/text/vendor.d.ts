/**
 * Ambient declarations for the two text libraries that ship no types. Deliberately loose:
 * src/text/fontkit.ts narrows fontkit's objects to the typed `FontProgram` the rest of text/ uses.
 */
declare module 'fontkit' {
  /** Parses TTF, OTF, WOFF, WOFF2, TTC or DFont bytes; throws on an unknown format. */
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}

declare module 'linebreak' {
  /** UAX #14 line breaker over a JS string; positions are UTF-16 indices. */
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): { position: number; required: boolean } | null;
    /**
     * The class of the next code point (its classes.js numbers, AI, SA, SG and XX given as AL, CJ as
     * NS), read from the trie it breaks with; undocumented, the package is pinned (text/break-all.ts,
     * test/text/break-all.test.ts checks it).
     */
    nextCharClass(): number;
  }
}

declare module 'bidi-js' {
  /** UAX #9 levels of every UTF-16 code unit, and the paragraphs found (P1). */
  export interface EmbeddingLevels {
    readonly levels: Uint8Array;
    readonly paragraphs: readonly { readonly start: number; readonly end: number; readonly level: number }[];
  }
  export interface Bidi {
    getEmbeddingLevels(text: string, baseDirection?: 'ltr' | 'rtl' | 'auto'): EmbeddingLevels;
    getMirroredCharacter(char: string): string | null;
  }
  export default function bidiFactory(): Bidi;
}

declare module 'hyphen/hyphen.js' {
  /** Liang's algorithm over TeX patterns; returns a function inserting `hyphenChar` at each opportunity. */
  export default function createHyphenator(
    patterns: unknown,
    options?: { readonly hyphenChar?: string; readonly minWordLength?: number; readonly exceptions?: readonly string[] },
  ): (text: string) => string;
}
