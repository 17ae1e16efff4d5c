/**
 * The package's entry. The build bundles the public API (api.ts and everything it imports from
 * dist/) into dist/octavo.cjs (scripts/bundle.mjs), loaded here with V8's code cache
 * (compile-cache.ts): a process that imports octavo to render once spent ~450 ms resolving,
 * reading and compiling ~500 modules, ~130 with the bundle and its cache (bench/README.md, stop
 * 77). Without the bundle (tsc alone) api.js is required as it is.
 *
 * No top-level `await`: `require('octavo')` loads this module too. The cache is written once the
 * first render has settled, so that it holds what a render compiles as well as the bundle's top level.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Api from './api.js';
import { afterFirstRender, cacheDirectory, loadCommonJs } from './compile-cache.js';

export type {
  Engine, RenderResult, OctavoErrorCode, Diagnostic, DiagnosticCode,
  RenderOptions, EngineOptions, TemplateHelper, EncryptionOptions, EncryptionAlgorithm, Permissions, Metadata, Limits, ResourceLoader,
  PdfAConformance, Attachment, AttachmentRelationship, FacturXOptions, FacturXProfile, SignatureOptions, VisibleSignature,
} from './api.js';

/** The bundle's API, its renders watched so that the code cache is written after the first. */
function fromBundle(bundle: string): typeof Api {
  const { exports, afterRun } = loadCommonJs(bundle, cacheDirectory());
  const api = exports as typeof Api;
  const watch = afterFirstRender(afterRun);
  const watched = (engine: Api.Engine): Api.Engine => ({
    render: (options) => watch(engine.render(options)),
    renderDetailed: (options) => watch(engine.renderDetailed(options)),
  });
  return {
    ...api,
    render: (options) => watch(api.render(options)),
    createEngine: (options) => watched(api.createEngine(options)),
  };
}

const bundle = fileURLToPath(new URL('./octavo.cjs', import.meta.url));
const api: typeof Api = existsSync(bundle) ? fromBundle(bundle) : (createRequire(import.meta.url)('./api.js') as typeof Api);

export const { render, createEngine, isOctavoError, isUnexpectedError, formatDiagnostic } = api;
export const OctavoError = api.OctavoError;
export type OctavoError = Api.OctavoError;
