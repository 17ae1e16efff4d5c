/**
 * The template stage (DESIGN.md §2): Handlebars source + JSON data -> HTML string.
 *
 * Each source text is parsed, checked (./check.ts) and compiled once per engine and kept in an LRU
 * cache. Templates run in an engine-private Handlebars environment (`Handlebars.create()`) that
 * only has the built-in and octavo helpers, with:
 * - `strict: true`: printing a field that does not exist is a `template_runtime` error at the
 *   mustache's line:column. Helper arguments are lenient on their last segment, so optional fields
 *   work as `{{#if note}}{{note}}{{/if}}` or `{{default note "—"}}`; a missing parent
 *   (`{{#if customer.vat}}` without `customer`) is an error, guard it with `{{#if customer}}`.
 * - `knownHelpersOnly`: any call of an unknown helper is a `template_syntax` error.
 * - prototype access forbidden (`{{constructor}}`, `{{__proto__}}`, `lookup` print nothing);
 * - no partials but the template's own `{{#*inline}}` ones, so no file is ever read.
 * `{{ }}` escapes HTML; `{{{ }}}` inserts raw HTML.
 */
import Handlebars from 'handlebars';
import { OctavoError } from '../errors.js';
import type { AstNode } from './ast.js';
import { checkTemplate } from './check.js';
import type { LexerState } from './errors.js';
import { parseError, problemError, runtimeError } from './errors.js';
import { toHandlebarsHelper } from './helpers/define.js';
import { BUILTIN_ARITY, OCTAVO_HELPERS } from './helpers/index.js';

export interface TemplateCache {
  /** Fills `source` with `data`; `name` is the file name used in error locations. */
  render(source: string, data: unknown, name: string): string;
}

interface CompiledTemplate {
  readonly ast: AstNode;
  readonly run: (data: unknown) => string;
}

/** Most templates an engine keeps compiled, and most source bytes they may hold together. */
const MAX_TEMPLATES = 100;
const MAX_SOURCE_CHARS = 64 * 1024 * 1024;

const KNOWN_HELPERS: Record<string, boolean> = Object.fromEntries(
  [...BUILTIN_ARITY.keys(), ...OCTAVO_HELPERS.keys()].map((name) => [name, true]),
);

const COMPILE_OPTIONS = {
  strict: true,
  knownHelpers: KNOWN_HELPERS,
  knownHelpersOnly: true,
  noEscape: false,
} as const;

const RUNTIME_OPTIONS = {
  allowProtoPropertiesByDefault: false,
  allowProtoMethodsByDefault: false,
  allowCallsToHelperMissing: false,
} as const;

type HandlebarsEnvironment = ReturnType<typeof Handlebars.create>;

/** A private Handlebars environment with octavo's helpers and a silent `log`. */
function createEnvironment(): HandlebarsEnvironment {
  const env = Handlebars.create();
  for (const [name, definition] of OCTAVO_HELPERS) env.registerHelper(name, toHandlebarsHelper(name, definition));
  env.registerHelper('log', () => ''); // a library never writes to the console
  return env;
}

/** The jison parser Handlebars shares between environments (its lexer holds the error position). */
function sharedLexer(): LexerState | undefined {
  return (Handlebars as unknown as { Parser?: { lexer?: LexerState } }).Parser?.lexer;
}

function parse(source: string, name: string): AstNode {
  try {
    return Handlebars.parse(source) as unknown as AstNode;
  } catch (error) {
    throw parseError(error, sharedLexer(), name);
  }
}

function compile(env: HandlebarsEnvironment, source: string, name: string): CompiledTemplate {
  const ast = parse(source, name);
  const [problem] = checkTemplate(ast);
  if (problem !== undefined) throw problemError(problem, name);
  const template = env.compile(ast as unknown as hbs.AST.Program, COMPILE_OPTIONS);
  return { ast, run: (data) => template(data, RUNTIME_OPTIONS) };
}

export function createTemplateCache(): TemplateCache {
  const env = createEnvironment();
  const compiled = new Map<string, CompiledTemplate>();
  let cachedChars = 0;

  function lookup(source: string, name: string): CompiledTemplate {
    const hit = compiled.get(source);
    if (hit !== undefined) {
      compiled.delete(source); // refresh its place in the LRU order
      compiled.set(source, hit);
      return hit;
    }
    const entry = compile(env, source, name);
    compiled.set(source, entry);
    cachedChars += source.length;
    for (const oldest of compiled.keys()) {
      if (compiled.size <= MAX_TEMPLATES && cachedChars <= MAX_SOURCE_CHARS) break;
      if (oldest === source) break;
      compiled.delete(oldest);
      cachedChars -= oldest.length;
    }
    return entry;
  }

  return {
    render(source, data, name) {
      const template = lookup(source, name);
      try {
        return template.run(data);
      } catch (error) {
        throw error instanceof OctavoError && error.file !== undefined ? error : runtimeError(error, template.ast, name);
      }
    },
  };
}
