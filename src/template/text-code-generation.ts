/**
 * Handlebars' code generation with plain strings instead of source maps.
 *
 * Handlebars builds the JavaScript of a template out of source-map `SourceNode`s whenever the
 * `source-map` package can be required (it is one of its dependencies, so always here): every
 * chunk of generated code becomes a node holding its template line and column, and the code is
 * a walk over the tree at the end. octavo never asks for a source map (a template's errors are
 * located from its AST and the helpers' `loc`), and on a template it has not seen before those
 * nodes were a fifth of the compile (issue 32, bench/README.md "stop 37"). Handlebars has its own
 * answer for environments without `source-map` (browsers): a node that is a string. This file
 * gives an environment that one, through the compiler class Handlebars lets an environment
 * replace (`env.JavaScriptCompiler`, docs/compiler-api.md of Handlebars).
 *
 * The generated code differs in one way only, the one Handlebars' string nodes have too: the
 * runtime names used twice (`container.lambda`, `container.escapeExpression`, the context
 * fallback) are written out at each use instead of being declared once as `aliasN` variables —
 * the same values, so the same output.
 *
 * The Handlebars internals used here are listed in HANDLEBARS_COMPILER_INTERNALS and checked
 * against the installed Handlebars (pinned to an exact version in package.json) by
 * test/template/handlebars-internals.test.ts.
 */
import { createRequire } from 'node:module';
import Handlebars from 'handlebars';

/** One Handlebars internal (a member outside its documented API) this file relies on. */
export interface HandlebarsInternal {
  readonly owner: 'JavaScriptCompiler.prototype' | 'CodeGen.prototype' | 'compiler/code-gen.js';
  readonly member: string;
  readonly use: string;
}

/** Every Handlebars compiler internal octavo uses, all in this file (each is a function). */
export const HANDLEBARS_COMPILER_INTERNALS: readonly HandlebarsInternal[] = [
  { owner: 'JavaScriptCompiler.prototype', member: 'preamble', use: 'extended: a program\'s code generators (`source`, `decorators`) are replaced by text ones' },
  { owner: 'JavaScriptCompiler.prototype', member: 'compiler', use: 'set to the text compiler, so that child programs are compiled with it too' },
  { owner: 'compiler/code-gen.js', member: 'default', use: 'the code generator class (CodeGen), extended' },
  { owner: 'CodeGen.prototype', member: 'wrap', use: 'replaced: makes a text chunk instead of a SourceNode' },
  { owner: 'CodeGen.prototype', member: 'empty', use: 'replaced: the same, empty' },
];

/** What a chunk of generated code is made of (code-gen.js `castChunk` takes these). */
type Chunk = string | number | boolean | CodeText | null | undefined | readonly Chunk[];

/** A chunk's text: arrays concatenated, nothing for null and undefined. */
function textOf(chunk: Chunk): string {
  if (typeof chunk === 'string') return chunk;
  if (chunk === undefined || chunk === null) return '';
  if (Array.isArray(chunk)) {
    let text = '';
    for (const part of chunk as readonly Chunk[]) text += textOf(part);
    return text;
  }
  return String(chunk);
}

/**
 * Generated code as a string: the interface of Handlebars' string stand-in for `SourceNode`
 * (code-gen.js), and the flags the JavaScript compiler sets on a chunk (declared so that every
 * chunk has one shape).
 */
class CodeText {
  src: string;
  appendToBuffer = false;
  aliasable = false;
  referenceCount = 0;

  constructor(chunks?: Chunk) {
    this.src = textOf(chunks);
  }

  add(chunks: Chunk): void {
    this.src += textOf(chunks);
  }

  prepend(chunks: Chunk): void {
    this.src = textOf(chunks) + this.src;
  }

  toString(): string {
    return this.src;
  }

  toStringWithSourceMap(): { code: string } {
    return { code: this.src };
  }
}

interface CodeGenerator {
  wrap(chunk: Chunk, location?: unknown): CodeText;
  empty(): CodeText;
}

type CodeGenClass = new (sourceFile: unknown) => CodeGenerator;

interface JavaScriptCompilerInstance {
  options: { srcName?: unknown };
  source: CodeGenerator;
  decorators: CodeGenerator;
  preamble(): void;
}

type JavaScriptCompilerClass = new () => JavaScriptCompilerInstance;

const require = createRequire(import.meta.url);
const CodeGen = (require('handlebars/dist/cjs/handlebars/compiler/code-gen.js') as { default: CodeGenClass }).default;
const JavaScriptCompiler = (Handlebars as unknown as { JavaScriptCompiler: JavaScriptCompilerClass }).JavaScriptCompiler;

/** Handlebars' code generator whose chunks are strings (its other methods build on these two). */
class TextCodeGen extends CodeGen {
  override wrap(chunk: Chunk): CodeText {
    return chunk instanceof CodeText ? chunk : new CodeText(chunk);
  }

  override empty(): CodeText {
    return new CodeText();
  }
}

/** Handlebars' JavaScript compiler generating text (child programs too, through `compiler`). */
class TextJavaScriptCompiler extends JavaScriptCompiler {
  override preamble(): void {
    super.preamble();
    this.source = new TextCodeGen(this.options.srcName);
    this.decorators = new TextCodeGen(this.options.srcName);
  }
}
(TextJavaScriptCompiler.prototype as unknown as { compiler: JavaScriptCompilerClass }).compiler = TextJavaScriptCompiler;

/** Makes the environment compile its templates with text code generation. */
export function useTextCodeGeneration(env: ReturnType<typeof Handlebars.create>): void {
  (env as unknown as { JavaScriptCompiler: JavaScriptCompilerClass }).JavaScriptCompiler = TextJavaScriptCompiler;
}
