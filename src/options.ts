/** Public options of `render()` / `createEngine()` (DESIGN.md §1.1, §1.2). */

export type EncryptionAlgorithm = 'aes-256' | 'aes-128' | 'rc4-128' | 'rc4-40';

/** Absent flag = allowed; `false` restricts it (as qpdf does). */
export interface Permissions {
  printing?: boolean;
  modifying?: boolean;
  annotating?: boolean;
  copying?: boolean;
  contentAccessibility?: boolean;
  fillingForms?: boolean;
  documentAssembly?: boolean;
}

export interface EncryptionOptions {
  userPassword?: string;
  ownerPassword?: string;
  permissions?: Permissions;
  algorithm?: EncryptionAlgorithm;
}

export interface Metadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string | string[];
  creator?: string;
  producer?: string;
  language?: string;
  creationDate?: Date;
}

/** Reads the bytes of a resource; the engine's sandbox decides what it may ask for. */
export interface ResourceLoader {
  /** `url` is absolute (`file:` inside the root, `data:`, or whatever the loader allows). */
  load(url: string): Promise<Uint8Array>;
}

export interface Limits {
  /** Maximum number of pages a document may have (default 1000). */
  maxPages?: number;
  /** Maximum size of the template source in bytes (default 5 MiB). */
  maxTemplateBytes?: number;
  /** Maximum size of one loaded resource in bytes (default 20 MiB). */
  maxResourceBytes?: number;
}

export interface RenderOptions {
  /** Handlebars-over-HTML source. */
  template: string;
  /** Any JSON value; the template's context. */
  data?: unknown;
  /** Folder that relative URLs resolve against. Without it, only `data:` URLs load. */
  baseDir?: string;
  /** Sandbox root (default: baseDir); nothing outside it is readable. */
  root?: string;
  /** Name of the template file, used in error locations. */
  templateName?: string;
  /** A loader that replaces the file-system one (e.g. with a network allowlist). */
  resources?: ResourceLoader;
  encryption?: EncryptionOptions;
  metadata?: Metadata;
  /** Identical input gives identical bytes (fixed ID and dates). */
  deterministic?: boolean;
  /** Compress content streams (default true). */
  compress?: boolean;
}

export interface EngineOptions {
  /** Extra font files or folders to make available by their family names. */
  fonts?: string[];
  /** Default loader for every render of this engine. */
  resources?: ResourceLoader;
  limits?: Limits;
  /** Defaults merged under each render's options. */
  defaults?: Partial<Omit<RenderOptions, 'template' | 'data'>>;
}

export const DEFAULT_LIMITS: Required<Limits> = {
  maxPages: 1000,
  maxTemplateBytes: 5 * 1024 * 1024,
  maxResourceBytes: 20 * 1024 * 1024,
};
