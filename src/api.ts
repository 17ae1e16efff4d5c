/**
 * The public API: what the package exports. index.ts, the package's entry, loads it from the
 * build's bundle of this module (dist/octavo.cjs) or, without one, as it is.
 */
export { render, createEngine } from './render.js';
export type { Engine, RenderResult } from './render.js';
export { OctavoError, isOctavoError, isUnexpectedError } from './errors.js';
export type { OctavoErrorCode } from './errors.js';
export type { Diagnostic, DiagnosticCode } from './diagnostics.js';
export { formatDiagnostic } from './diagnostics.js';
export type {
  RenderOptions, EngineOptions, TemplateHelper, EncryptionOptions, EncryptionAlgorithm, Permissions, Metadata, Limits, ResourceLoader,
  PdfAConformance, Attachment, AttachmentRelationship, FacturXOptions, FacturXProfile, SignatureOptions, VisibleSignature,
} from './options.js';
