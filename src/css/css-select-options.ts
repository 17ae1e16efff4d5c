/**
 * The options octavo compiles css-select selectors with (selectors.ts, and `:nth-child(… of S)`
 * in nth.ts). `cacheResults`: css-select remembers, per element, whether the part left of a
 * descendant combinator (or inside a `:has()`) matched there. Without it, `div:has(p) div:has(p) …`
 * against nested divs tried every choice of ancestors and ran for minutes. Sound because a
 * document's tree never changes once parsed; the memo is weak, so it goes with the document.
 */
export const CSS_SELECT_OPTIONS = { xmlMode: false, cacheResults: true } as const;
