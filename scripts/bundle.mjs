// Bundles the compiled CLI and the compiled library, each with everything it imports from dist/,
// into one CommonJS file run with V8's code cache (src/compile-cache.ts):
// - dist/cli/octavo.cjs, from dist/cli/dispatch.js: run by dist/cli/main.js (the `bin`) when it
//   does not start from the startup snapshot (scripts/build-snapshot.mjs);
// - dist/octavo.cjs, from dist/api.js: loaded by dist/index.js, the package's entry;
// - dist/service/render-worker.cjs: the render module of the service's and `render --batch`'s
//   render processes (src/service/render-process.ts).
// For a one-off render, resolving, reading and compiling ~500 modules cost more than the render
// itself (the library's import: ~450 ms, ~130 from its bundle and cache; bench/README.md, stop 77).
//
// - Runs after tsc. Commands and lazily imported parts stay lazy: esbuild turns their dynamic
//   imports into initialisers run on first use.
// - Packages stay external (required from node_modules at run time), except the many-module
//   pure-JS ones in INLINE, bundled in, and css-tree, bundled as its own one-file build instead of
//   its 120 modules. PDFKit, fontkit and what they import themselves stay external, so that there
//   is one copy of each.
// - The UA stylesheets go in parsed (bundle-plugins.mjs prebuiltUserAgentSheets): a fresh process
//   parsed them on its first render.
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { CLI_DIR, CSS_TREE, DIST_DIR, ROOT, URL_BANNER, originalUrls, packageName, prebuiltUserAgentSheets, replaceDynamicImports } from './bundle-plugins.mjs';

/** Packages bundled in: pure JavaScript, no file found beside their own modules at run time. */
const INLINE = new Set([
  'boolbase', 'css-select', 'css-what', 'dom-serializer', 'domelementtype', 'domhandler', 'domutils', 'entities',
  'handlebars', 'htmlparser2', 'nth-check', 'source-map',
]);

/** The UA stylesheets parsed at build time (src/css/prebuilt-sheet.ts), put in every bundle. */
const prebuiltSheets = await prebuiltUserAgentSheets();

/** Bundles `entry` into `outfile` (in `outDir`), its packages external but INLINE's and css-tree. */
async function bundle(entry, outDir, outfile) {
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
  const out = join(outDir, outfile);
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    banner: { js: URL_BANNER },
    plugins: [packages, prebuiltSheets, originalUrls(outDir)],
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  await writeFile(out, replaceDynamicImports(await readFile(out, 'utf8'), dynamicImports, relative(ROOT, out)));
}

await bundle(join(CLI_DIR, 'dispatch.js'), CLI_DIR, 'octavo.cjs');
await bundle(join(DIST_DIR, 'api.js'), DIST_DIR, 'octavo.cjs');
await bundle(join(DIST_DIR, 'service', 'render-worker.js'), join(DIST_DIR, 'service'), 'render-worker.cjs');
