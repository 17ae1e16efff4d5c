export { render, createEngine } from './render.js';
export type { Engine, RenderResult } from './render.js';
export { OctavoError, isOctavoError } from './errors.js';
export type { OctavoErrorCode } from './errors.js';
export type { Diagnostic, DiagnosticCode } from './diagnostics.js';
export { formatDiagnostic } from './diagnostics.js';
export type {
  RenderOptions, EngineOptions, TemplateHelper, EncryptionOptions, EncryptionAlgorithm, Permissions, Metadata, Limits, ResourceLoader,
  PdfAConformance, Attachment, AttachmentRelationship, FacturXOptions, FacturXProfile, SignatureOptions, VisibleSignature,
} from './options.js';
