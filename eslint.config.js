import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import stages from './eslint/stages.js';

/**
 * Each third-party library is imported in one folder only (docs/design.md §2, rule 7): library -> the
 * folder (under src/) that may import it, statically, with `import()` or with `require()`.
 */
const LIBRARY_HOMES = {
  pdfkit: 'src/pdf',
  'node-forge': 'src/pdf',
  fontkit: 'src/text',
  'bidi-js': 'src/text',
  linebreak: 'src/text',
  hyphen: 'src/text',
  handlebars: 'src/template',
  'css-tree': 'src/css',
  'css-select': 'src/css',
  htmlparser2: 'src/dom',
  domhandler: 'src/dom',
  pg: 'src/service/storage',
  'pg-boss': 'src/service/queue',
  busboy: 'src/service/templates-api',
  yauzl: 'src/service/templates-api/zip',
  'tar-stream': 'src/service/templates-api/tar',
  'pdfjs-dist': 'src/service',
  '@napi-rs/canvas': 'src/raster',
  'cli-progress': 'src/cli/progress',
};

const escape = (name) => name.replace(/[/.-]/g, (c) => `\\${c}`);

/**
 * A spread of a list as the arguments of a call puts every element on the stack: past ~100k
 * elements V8 throws "Maximum call stack size exceeded" (a 180,000-character vertical paragraph
 * did, in the stacking-context walk). The calls that take any number of arguments, and so invite
 * a spread of an input-sized list, may not take one in src/: a spread of an array literal of fixed
 * size (`push(...[a, b])`) stays allowed, one holding a spread (`push(...[...items, x])`) does not.
 */
const VARIADIC_CALLEE = [
  `[callee.property.name=/^(push|unshift|splice)$/]`,
  `[callee.object.name='Math'][callee.property.name=/^(min|max)$/]`,
  `[callee.object.name='String'][callee.property.name=/^(fromCharCode|fromCodePoint)$/]`,
];
const SPREAD_MESSAGE = 'a spread of a list as arguments overflows the stack past ~100k elements: use appendAll/minOf/maxOf/fromCharCodes/fromCodePoints (src/append-all.ts) or a loop';
const spreadRules = VARIADIC_CALLEE.flatMap((callee) => [
  { selector: `CallExpression${callee} > SpreadElement[argument.type!='ArrayExpression']`, message: SPREAD_MESSAGE },
  { selector: `CallExpression${callee} > SpreadElement > ArrayExpression.argument > SpreadElement`, message: SPREAD_MESSAGE },
]);

/**
 * The rules for files under `folder` (and not under a deeper home): every library not at home there is
 * forbidden, and so is a spread of a list as the arguments of a variadic call (`spreadRules`, the
 * same in every folder: a later config's `no-restricted-syntax` would replace this list, not add to it).
 */
function importRules(folder) {
  const foreign = Object.entries(LIBRARY_HOMES).filter(([, home]) => !(folder === home || folder.startsWith(`${home}/`)));
  const message = (name, home) => `${name} is imported only in ${home}/ (one folder per library)`;
  const pattern = (name) => `/^${escape(name)}(\\/|$)/`;
  return {
    'no-restricted-imports': ['error', {
      patterns: foreign.map(([name, home]) => ({ group: [name, `${name}/*`], message: message(name, home) })),
    }],
    'no-restricted-syntax': ['error', ...foreign.flatMap(([name, home]) => [
      { selector: `ImportExpression[source.value=${pattern(name)}]`, message: message(name, home) },
      { selector: `CallExpression[callee.name='require'][arguments.0.value=${pattern(name)}]`, message: message(name, home) },
      { selector: `CallExpression[callee.name='require'] > TemplateLiteral TemplateElement[value.raw=${pattern(name)}]`, message: message(name, home) },
    ]), ...spreadRules],
  };
}

/** One config per folder, shallow first: a deeper folder's config replaces the rules of its parent's. */
const folders = ['src', ...new Set(Object.values(LIBRARY_HOMES))].sort((a, b) => a.split('/').length - b.split('/').length);
const importConfigs = folders.map((folder) => ({ files: [`${folder}/**/*.ts`], rules: importRules(folder) }));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'out/**', 'conformance-results/**', 'coverage/**', '.tmp/**', 'octavo-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // Design rules (docs/design.md §2): small files and small functions.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  ...importConfigs,
  {
    // Stages import one way and folders import without cycles (eslint/stages.js); records, not
    // long parameter lists (a call with six positional arguments is read by counting).
    files: ['src/**/*.ts'],
    plugins: { octavo: stages },
    rules: {
      'octavo/stage-order': 'error',
      'octavo/no-folder-cycle': 'error',
      'max-params': ['error', 5],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
