/**
 * The template stage (docs/design.md §2): Handlebars source + JSON data -> HTML string.
 *
 * Semantics are Handlebars' own (docs/design.md §1.1):
 * - a missing field prints nothing and is falsy; with `strict` it is a `template_runtime` error at
 *   the mustache's line:column (helper arguments stay lenient on their last segment, so
 *   `{{#if note}}` and `{{default note "—"}}` still work for optional fields);
 * - a mustache without arguments prints the field of that name even when a helper has the same
 *   name (./rewrite.ts);
 * - `knownHelpersOnly`: calling an unknown helper is a `template_syntax` error, found at compile time;
 * - prototype access forbidden (`{{constructor}}`, `{{__proto__}}`, `lookup` print nothing);
 * - partials: inline ones, `partials/NAME.html` beside the template (sandboxed), engine-registered
 *   ones (./partials.ts); `{{log}}` goes to the render's diagnostics.
 * Each source is parsed, checked and compiled once per engine and mode, kept in an LRU cache.
 */
import Handlebars from 'handlebars';
import { OctavoError } from '../errors.js';
import type { SourceLocation } from '../errors.js';
import type { AstNode } from './ast.js';
import { checkTemplate } from './check.js';
import { problemError, runtimeError } from './errors.js';
import { parse } from './parse.js';
import { HelperError, toHandlebarsHelper } from './helpers/define.js';
import type { HelperCatalog } from './helpers/index.js';
import { BUILTIN_ARITY, OCTAVO_HELPERS, helperCatalog } from './helpers/index.js';
import type { HelperSettings } from './helpers/settings.js';
import { DEFAULT_SETTINGS } from './helpers/settings.js';
import type { PartialSources } from './partials.js';
import { resolvePartials } from './partials.js';
import { preferFieldsOverHelpers } from './rewrite.js';
import { documentSettings, validLocale, validTimeZone } from './document-settings.js';
import type { ExpansionLimits } from './budget.js';
import { checkOutput, countExpansion, countedHelper, withExpansion } from './budget.js';
import type { NestingLimits } from './nesting.js';
import { checkTemplateNesting } from './nesting.js';
import { useTextCodeGeneration } from './text-code-generation.js';
import { DEFAULT_LIMITS } from '../options.js';
import type { TemplateHelper } from '../options.js';

export interface TemplateRequest {
  readonly source: string;
  readonly data: unknown;
  /** File name used in error locations. */
  readonly name: string;
  /** Missing fields are errors (default false: they print nothing). */
  readonly strict?: boolean;
  /** Default locale and time zone of the formatting helpers (else `<html lang>`, else en-US / UTC). */
  readonly locale?: string;
  readonly timeZone?: string;
  readonly partials?: PartialSources;
  /** Receives `{{log}}` output. */
  readonly log?: (message: string, where: SourceLocation) => void;
  /** The render's wall-clock budget, checked while the template expands. */
  readonly checkTime?: () => void;
}

/** The engine limits the template stage enforces (options.ts `Limits`). */
export type TemplateLimits = ExpansionLimits & NestingLimits;

export interface CompiledTemplate {
  readonly ast: AstNode;
  readonly template: (context: unknown, options?: unknown) => string;
}

export interface TemplateCache {
  /** Fills the source with the data (partials are resolved first, hence async). */
  render(request: TemplateRequest): Promise<string>;
  /** Parses, checks and compiles (cached); throws the first problem as a located OctavoError. */
  compile(source: string, name: string, strict?: boolean): CompiledTemplate;
}

/** Most templates an engine keeps compiled, and most source bytes they may hold together. */
const MAX_TEMPLATES = 200;
const MAX_SOURCE_CHARS = 64 * 1024 * 1024;

/** Handlebars' `knownHelpers`: every helper a template of this catalog may call. */
function knownHelpers(catalog: HelperCatalog): Record<string, boolean> {
  return Object.fromEntries([...BUILTIN_ARITY.keys(), ...catalog.keys()].map((name) => [name, true]));
}


const RUNTIME_OPTIONS = {
  allowProtoPropertiesByDefault: false,
  allowProtoMethodsByDefault: false,
  allowCallsToHelperMissing: false,
} as const;

type HandlebarsEnvironment = ReturnType<typeof Handlebars.create>;

interface LogOptions {
  readonly loc?: { readonly start?: { readonly line: number; readonly column: number } };
}

/** `{{log "text" value level="warn"}}`: the arguments joined, to the render's diagnostics. */
function logHelper(settings: HelperSettings): (...args: unknown[]) => string {
  return (...args) => {
    const options = args.pop() as LogOptions;
    const text = args.map((value) => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value))).join(' ');
    settings.log(text, options.loc?.start);
    return '';
  };
}

/**
 * octavo's helpers and `log` for one run, bound to its settings: given to the compiled template
 * as runtime helpers (Handlebars hands them on to the partials it calls).
 */
function runHelpers(settings: HelperSettings, own: OwnHelpers): Record<string, (...args: unknown[]) => unknown> {
  const helpers: Record<string, (...args: unknown[]) => unknown> = { log: countedHelper(logHelper(settings)) };
  for (const [name, definition] of OCTAVO_HELPERS) helpers[name] = countedHelper(toHandlebarsHelper(name, definition, settings));
  return Object.assign(helpers, own);
}

/** The engine's own helpers as every run calls them: counted and located (wrapped once, they read no setting). */
type OwnHelpers = Readonly<Record<string, (...args: unknown[]) => unknown>>;

function ownHelpers(own: Readonly<Record<string, TemplateHelper>>): OwnHelpers {
  return Object.fromEntries(Object.entries(own).map(([name, helper]) => [name, countedHelper(locatedFailures(name, helper))]));
}

/**
 * The engine's own helper, its exceptions told as `template_runtime` errors at the mustache that
 * called it (the location Handlebars hands every helper in its options), as octavo's helpers' are.
 */
function locatedFailures(name: string, helper: TemplateHelper): (...args: unknown[]) => unknown {
  return function ownHelper(this: unknown, ...args: unknown[]): unknown {
    try {
      return helper.apply(this, args);
    } catch (error) {
      if (error instanceof OctavoError) throw error;
      const start = (args.at(-1) as LogOptions | undefined)?.loc?.start;
      throw new HelperError(`helper '${name}' failed: ${error instanceof Error ? error.message : String(error)}`, start);
    }
  };
}

/**
 * A private Handlebars environment with raw blocks (the helpers that read settings come with each
 * run), generating its code as text (no source maps are asked for).
 */
function createEnvironment(): HandlebarsEnvironment {
  const env = Handlebars.create();
  useTextCodeGeneration(env);
  env.registerHelper('raw', function raw(this: unknown, options: Handlebars.HelperOptions) {
    return options.fn(this);
  });
  countExpansion(env as unknown as Parameters<typeof countExpansion>[0]);
  return env;
}

/** What templates compile against: the helpers they may call, and Handlebars' list of them. */
interface CompileSetting {
  readonly limits: NestingLimits;
  readonly catalog: HelperCatalog;
  readonly known: Record<string, boolean>;
}

function compileSource(env: HandlebarsEnvironment, source: string, name: string, strict: boolean, setting: CompileSetting): CompiledTemplate {
  checkTemplateNesting(source, name, setting.limits);
  const ast = parse(source, name);
  const [problem] = checkTemplate(ast, setting.catalog);
  if (problem !== undefined) throw problemError(problem, name);
  preferFieldsOverHelpers(ast, setting.catalog);
  const template = env.compile(ast as unknown as hbs.AST.Program, {
    strict, knownHelpers: setting.known, knownHelpersOnly: true, noEscape: false,
  });
  return { ast, template: (context, options) => template(context, options as Handlebars.RuntimeOptions) };
}

/** A small LRU of compiled templates keyed by mode and source. */
function createCompiledCache(env: HandlebarsEnvironment, setting: CompileSetting): TemplateCache['compile'] {
  const compiled = new Map<string, CompiledTemplate>();
  let cachedChars = 0;
  return (source, name, strict = false) => {
    const key = `${strict ? 's' : 'n'}${source}`;
    const hit = compiled.get(key);
    if (hit !== undefined) {
      compiled.delete(key); // refresh its place in the LRU order
      compiled.set(key, hit);
      return hit;
    }
    const entry = compileSource(env, source, name, strict, setting);
    compiled.set(key, entry);
    cachedChars += key.length;
    for (const oldest of compiled.keys()) {
      if (compiled.size <= MAX_TEMPLATES && cachedChars <= MAX_SOURCE_CHARS) break;
      if (oldest === key) break;
      compiled.delete(oldest);
      cachedChars -= oldest.length;
    }
    return entry;
  };
}

/** Runs a compiled template within its expansion budget, turning whatever it throws into a located OctavoError. */
/** What one run may spend: the expansion limits and the render's clock. */
interface RunBudget {
  readonly limits: ExpansionLimits;
  readonly checkTime: () => void;
}

function run(entry: CompiledTemplate, data: unknown, name: string, options: object, budget: RunBudget): string {
  try {
    return withExpansion(budget.limits, { file: name, ast: entry.ast }, budget.checkTime, () => {
      // Object.assign, not `{ ...RUNTIME_OPTIONS, ...options }`: on Node 20 a literal that starts with a
      // spread and adds keys gets a new hidden class on every call once its site is warm
      const output = entry.template(data, Object.assign({}, RUNTIME_OPTIONS, options));
      checkOutput(output);
      return output;
    });
  } catch (error) {
    throw error instanceof OctavoError && error.file !== undefined ? error : runtimeError(error, entry.ast, name);
  }
}

/**
 * A source without `{{` has no Handlebars syntax (no mustache, comment, partial, raw block or
 * `\{{` escape): Handlebars would print it unchanged. A NUL is left to Handlebars, whose lexer
 * refuses it. Seen once each (the 100 different static files of a batch), such a template was
 * parsed, checked and compiled, and its compiled function kept in the cache, to print itself.
 */
function isPlainText(source: string): boolean {
  return !source.includes('{{') && !source.includes('\0');
}

/** The output of a plain-text template: the source, under the same output limit as a compiled one. */
function plainOutput(source: string, name: string, limits: ExpansionLimits, checkTime: () => void): string {
  return withExpansion(limits, { file: name, ast: PLAIN_AST }, checkTime, () => {
    checkOutput(source);
    return source;
  });
}

/** What a plain template's budget names as its source (only its file is ever read: no mustache has a location). */
const PLAIN_AST: AstNode = { type: 'Program' };

/** The engine's template stage: its limits, and the helpers its caller registered (validated by validateHelpers). */
export function createTemplateCache(limits: TemplateLimits = DEFAULT_LIMITS, own: Readonly<Record<string, TemplateHelper>> = {}): TemplateCache {
  const env = createEnvironment();
  const catalog = helperCatalog(Object.keys(own));
  const compile = createCompiledCache(env, { limits, catalog, known: knownHelpers(catalog) });
  const wrapped = ownHelpers(own);
  const noTimeLimit = (): void => undefined;

  /** `<html lang>` / `data-time-zone`, filled in when they are mustaches themselves. */
  function fromDocument(request: TemplateRequest): { locale?: string; timeZone?: string } {
    const found = documentSettings(request.source);
    const fill = (value: string | undefined): string | undefined =>
      value === undefined || !value.includes('{{') ? value : run(compile(value, request.name), request.data, request.name, { helpers: runHelpers(DEFAULT_SETTINGS, wrapped) }, { limits, checkTime: noTimeLimit });
    return { locale: validLocale(fill(found.lang)), timeZone: validTimeZone(fill(found.timeZone)) };
  }

  function helperSettings(request: TemplateRequest): HelperSettings {
    const document = request.locale !== undefined && request.timeZone !== undefined ? {} : fromDocument(request);
    const log = request.log;
    return {
      locale: request.locale ?? document.locale ?? DEFAULT_SETTINGS.locale,
      timeZone: request.timeZone ?? document.timeZone ?? DEFAULT_SETTINGS.timeZone,
      log: log === undefined ? DEFAULT_SETTINGS.log
        : (message, loc) => log(message, { file: request.name, ...(loc === undefined ? {} : { line: loc.line, column: loc.column + 1 }) }),
    };
  }

  return {
    compile,
    async render(request) {
      if (isPlainText(request.source)) return plainOutput(request.source, request.name, limits, request.checkTime ?? noTimeLimit);
      const strict = request.strict ?? false;
      const entry = compile(request.source, request.name, strict);
      const partials = await resolvePartials(entry, request.name, request.partials ?? {}, (source, file) => compile(source, file, strict));
      return run(entry, request.data, request.name, { partials, helpers: runHelpers(helperSettings(request), wrapped) }, { limits, checkTime: request.checkTime ?? noTimeLimit });
    },
  };
}
