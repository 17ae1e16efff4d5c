/** The css stage's records, declared in model/ (which its parts, values/ and properties/, import too). */
export * from './model/types.js';
export * from './model/counter-style-types.js';
