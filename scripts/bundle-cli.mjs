// Bundles the compiled CLI (dist/cli/dispatch.js and everything it imports from dist/) into one
// CommonJS file, dist/cli/octavo.cjs, which dist/cli/main.js (the `bin`) runs with V8's code
// cache (src/cli/compile-cache.ts) when it does not start from the startup snapshot
// (scripts/build-snapshot.mjs). For a one-off render, resolving, reading and compiling ~500
// modules cost more than the render itself.
//
// - Runs after tsc. Commands and lazily imported parts stay lazy: esbuild turns their dynamic
//   imports into initialisers run on first use.
// - Packages stay external (required from node_modules at run time), except the many-module
//   pure-JS ones in INLINE, bundled in, and css-tree, bundled as its own one-file build instead of
//   its 120 modules. PDFKit, fontkit and what they import themselves stay external, so that there
//   is one copy of each.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CLI_DIR, CSS_TREE, URL_BANNER, originalUrls, packageName, replaceDynamicImports } from './cli-bundle-plugins.mjs';

/** Packages bundled into the CLI: pure JavaScript, no file found beside their own modules at run time. */
const INLINE = new Set([
  'boolbase', 'css-select', 'css-what', 'dom-serializer', 'domelementtype', 'domhandler', 'domutils', 'entities',
  'handlebars', 'htmlparser2', 'nth-check', 'source-map',
]);

/** Packages the bundle imports with a dynamic `import()`, which vm.Script cannot run. */
const dynamicImports = new Set();

const packages = {
  name: 'packages',
  setup(build) {
    build.onResolve({ filter: /^css-tree$/ }, () => ({ path: CSS_TREE }));
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (INLINE.has(packageName(args.path))) return undefined;
      if (args.kind === 'dynamic-import') dynamicImports.add(args.path);
      return { path: args.path, external: true };
    });
  },
};

const outfile = join(CLI_DIR, 'octavo.cjs');
await build({
  entryPoints: [join(CLI_DIR, 'dispatch.js')],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  banner: { js: URL_BANNER },
  plugins: [packages, originalUrls],
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
await writeFile(outfile, replaceDynamicImports(await readFile(outfile, 'utf8'), dynamicImports, 'dist/cli/octavo.cjs'));
