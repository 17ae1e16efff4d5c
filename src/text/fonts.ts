/**
 * The font system's public face for the orchestrator (render.ts): the engine-lifetime registry,
 * `@font-face` loading, and the types that travel between them.
 */
export { createFontRegistry } from './registry.js';
export type { FontRegistry, FontRegistryOptions } from './registry.js';
export { loadFontFaces } from './load.js';
export type { LoadedFontFace } from './load.js';
