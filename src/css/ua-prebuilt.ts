/**
 * The UA stylesheets' parsed forms made at build time (prebuilt-sheet.ts), by file name: none
 * here. scripts/bundle.mjs replaces this module in each bundle with the forms made by the modules
 * it bundles, so that a form is always read by the code that made it; cache.ts uses one only
 * when the file it reads is the one the form was made from.
 */
import type { PrebuiltSheet } from './prebuilt-sheet.js';

export const UA_PREBUILT_SHEETS: Readonly<Record<string, PrebuiltSheet>> = {};
