// Bundles the compiled CLI (dist/cli/dispatch.js and everything it imports from dist/) into one
// CommonJS file, dist/cli/octavo.cjs, which dist/cli/main.js (the `bin`) runs with V8's code
// cache (src/cli/compile-cache.ts). For a one-off render, resolving, reading and compiling ~500
// modules cost more than the render itself.
//
// - Runs after tsc. Commands and lazily imported parts stay lazy: esbuild turns their dynamic
//   imports into initialisers run on first use.
// - Packages stay external (required from node_modules at run time), except the many-module
//   pure-JS ones in INLINE, bundled in, and css-tree, bundled as its own one-file build instead of
//   its 120 modules. PDFKit, fontkit and what they import themselves stay external, so that there
//   is one copy of each.
// - `import.meta.url` in a bundled file of dist/ becomes that file's original URL, so the assets
//   and worker files it finds beside itself (ua.css, fonts/, render-thread.js) still resolve.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');

/** Packages bundled into the CLI: pure JavaScript, no file found beside their own modules at run time. */
const INLINE = new Set([
  'boolbase', 'css-select', 'css-what', 'dom-serializer', 'domelementtype', 'domhandler', 'domutils', 'entities',
  'handlebars', 'htmlparser2', 'nth-check', 'source-map',
]);

/** css-tree's one-file ESM build: the same version, its data inlined (lib/ reads JSON files beside it). */
const CSS_TREE = createRequire(import.meta.url).resolve('css-tree/dist/csstree.esm');

/** Packages the bundle imports with a dynamic `import()`, which vm.Script cannot run (see the end). */
const dynamicImports = new Set();

const packages = {
  name: 'packages',
  setup(build) {
    build.onResolve({ filter: /^css-tree$/ }, () => ({ path: CSS_TREE }));
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/', 2).join('/') : args.path.split('/', 1)[0];
      if (INLINE.has(name)) return undefined;
      if (args.kind === 'dynamic-import') dynamicImports.add(args.path);
      return { path: args.path, external: true };
    });
  },
};

/** Each dist/ module's own URL, from the bundle's folder (`__octavoUrl` is defined by the banner). */
const originalUrls = {
  name: 'original-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const from = relative(outdir, args.path).split(sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `__octavoUrl(${JSON.stringify(from)})`), loader: 'js' };
    });
  },
};

const outfile = join(outdir, 'octavo.cjs');
await build({
  entryPoints: [join(outdir, 'dispatch.js')],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  banner: { js: 'var __octavoUrl = (path) => require("node:url").pathToFileURL(require("node:path").join(__dirname, path)).href;' },
  plugins: [packages, originalUrls],
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});

// `import("package")` becomes `__octavoImport("package")`, a function the loader passes in
// (src/cli/compile-cache.ts): an import() left in the bundle would fail at run time.
let bundled = await readFile(outfile, 'utf8');
for (const specifier of dynamicImports) bundled = bundled.replaceAll(`import(${JSON.stringify(specifier)})`, `__octavoImport(${JSON.stringify(specifier)})`);
const left = bundled.match(/\bimport\([^)]{0,80}/g);
if (left !== null) throw new Error(`dist/cli/octavo.cjs: dynamic import left in the bundle: ${left.join(', ')}`);
await writeFile(outfile, bundled);
