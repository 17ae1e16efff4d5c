/**
 * Handlebars' code generation without source maps.
 *
 * Handlebars builds the JavaScript of a template out of source-map `SourceNode`s whenever the
 * `source-map` package can be required (it is one of its dependencies, so always here): every
 * chunk of generated code becomes a node holding its template line and column, and the code is
 * written out by a walk that tracks them (an object per chunk). octavo never asks for a source
 * map (a template's errors are located from its AST and the helpers' `loc`), and those nodes were
 * a third of Handlebars' compile of a new template (issue 32, bench/README.md "stop 37"). This
 * file gives an environment a code generator whose chunks are plain lists of parts, through the
 * compiler class Handlebars lets an environment replace (`env.JavaScriptCompiler`, Handlebars'
 * docs/compiler-api.md). The generated code is the same, character for character
 * (test/template/text-code-generation.test.ts).
 *
 * The Handlebars internals used here are listed in HANDLEBARS_COMPILER_INTERNALS and checked
 * against the installed Handlebars (pinned to an exact version in package.json) by
 * test/template/handlebars-internals.test.ts.
 */
import Handlebars from 'handlebars';
// a static import, not a require at run time: the CLI bundle then holds one copy of the module
import codeGenModule from 'handlebars/dist/cjs/handlebars/compiler/code-gen.js';
import { appendAll } from '../append-all.js';

/** One Handlebars internal (a member outside its documented API) this file relies on. */
export interface HandlebarsInternal {
  readonly owner: 'JavaScriptCompiler.prototype' | 'CodeGen.prototype' | 'compiler/code-gen.js';
  readonly member: string;
  readonly use: string;
}

/** Every Handlebars compiler internal octavo uses, all in this file (each is a function). */
export const HANDLEBARS_COMPILER_INTERNALS: readonly HandlebarsInternal[] = [
  { owner: 'JavaScriptCompiler.prototype', member: 'preamble', use: 'extended: a program\'s code generators (`source`, `decorators`) are replaced by ones making CodeChunks' },
  { owner: 'JavaScriptCompiler.prototype', member: 'compiler', use: 'set to this compiler, so that child programs are compiled with it too' },
  { owner: 'JavaScriptCompiler.prototype', member: 'createFunctionContext', use: 'not replaced: names a runtime value used twice by setting the first part of its one chunk (`children[0]`)' },
  { owner: 'compiler/code-gen.js', member: 'default', use: 'the code generator class (CodeGen), extended' },
  { owner: 'CodeGen.prototype', member: 'wrap', use: 'replaced: makes a CodeChunk instead of a SourceNode' },
  { owner: 'CodeGen.prototype', member: 'empty', use: 'replaced: the same, empty' },
];

/** What a chunk of generated code is made of (code-gen.js `castChunk` takes these). */
type Chunk = string | number | boolean | CodeChunk | null | undefined | readonly Chunk[];

/**
 * Appends a chunk's parts as code-gen.js `castChunk` and `SourceNode#add` would: strings (empty
 * ones dropped), chunks kept as they are (an alias is renamed in place, below), arrays part by
 * part, numbers and booleans as text, null and undefined as nothing.
 */
function appendParts(parts: (string | CodeChunk)[], chunk: Chunk): void {
  if (typeof chunk === 'string') {
    if (chunk !== '') parts.push(chunk);
  } else if (chunk instanceof CodeChunk) {
    parts.push(chunk);
  } else if (Array.isArray(chunk)) {
    for (const part of chunk as readonly Chunk[]) appendParts(parts, part);
  } else if (typeof chunk === 'number' || typeof chunk === 'boolean') {
    parts.push(String(chunk));
  }
}

/**
 * A chunk of generated code: its parts, written out only when the code is complete — what a
 * source-map `SourceNode` is without the line and column it carries and the walk that tracks them.
 * The JavaScript compiler names a runtime value used twice (`container.lambda`...) by replacing
 * the first part of its one shared chunk (`children[0] = 'alias1'`, createFunctionContext), so
 * parts stay chunks until then, and the generated code is Handlebars' own, character for
 * character. The flags the compiler sets on a chunk are declared so that every chunk has one shape.
 */
class CodeChunk {
  readonly children: (string | CodeChunk)[] = [];
  appendToBuffer = false;
  aliasable = false;
  referenceCount = 0;

  constructor(chunk?: Chunk) {
    appendParts(this.children, chunk);
  }

  add(chunk: Chunk): this {
    appendParts(this.children, chunk);
    return this;
  }

  prepend(chunk: Chunk): this {
    const parts: (string | CodeChunk)[] = [];
    appendParts(parts, chunk);
    const rest = this.children.splice(0);
    appendAll(appendAll(this.children, parts), rest);
    return this;
  }

  toString(): string {
    let code = '';
    for (const part of this.children) code += typeof part === 'string' ? part : part.toString();
    return code;
  }

  toStringWithSourceMap(): { code: string } {
    return { code: this.toString() };
  }
}

interface CodeGenerator {
  wrap(chunk: Chunk, location?: unknown): CodeChunk;
  empty(): CodeChunk;
}

type CodeGenClass = new (sourceFile: unknown) => CodeGenerator;

interface JavaScriptCompilerInstance {
  options: { srcName?: unknown };
  source: CodeGenerator;
  decorators: CodeGenerator;
  preamble(): void;
}

type JavaScriptCompilerClass = new () => JavaScriptCompilerInstance;

/**
 * The module's default export is its `exports` object under Node's ESM (whose `default` is the
 * class) and the class itself where a loader honours `__esModule` (Vite, for the tests).
 */
const CodeGen = (typeof codeGenModule === 'function' ? codeGenModule : codeGenModule.default) as CodeGenClass;
const JavaScriptCompiler = (Handlebars as unknown as { JavaScriptCompiler: JavaScriptCompilerClass }).JavaScriptCompiler;

/** Handlebars' code generator making CodeChunks (its other methods build on these two). */
class TextCodeGen extends CodeGen {
  override wrap(chunk: Chunk): CodeChunk {
    return chunk instanceof CodeChunk ? chunk : new CodeChunk(chunk);
  }

  override empty(): CodeChunk {
    return new CodeChunk();
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
