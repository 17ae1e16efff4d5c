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
  }
}
