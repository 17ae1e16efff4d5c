/** Handlebars' code generator module (no types of its own; used by text-code-generation.ts only). */
declare module 'handlebars/dist/cjs/handlebars/compiler/code-gen.js' {
  const codeGen: { readonly default: unknown } | (new (sourceFile: unknown) => unknown);
  export default codeGen;
}
