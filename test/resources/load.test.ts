import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceContext } from '../../src/resources/load.js';
import type { ResourceContext } from '../../src/resources/load.js';
import { OctavoError } from '../../src/errors.js';
import type { OctavoErrorCode } from '../../src/errors.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import type { RenderOptions, ResourceLoader } from '../../src/options.js';
import { png } from './image-bytes.js';

let tmp: string;
let root: string;
let base: string;
let outside: string;

beforeAll(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'octavo-resources-')));
  root = join(tmp, 'root');
  base = join(root, 'base');
  outside = join(tmp, 'outside');
  mkdirSync(join(base, 'sub'), { recursive: true });
  mkdirSync(join(root, 'shared'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(base, 'style.css'), '\uFEFFp { color: red } /* é */');
  writeFileSync(join(base, 'logo.png'), png(2, 2));
  writeFileSync(join(base, 'big.bin'), Buffer.alloc(2048));
  writeFileSync(join(base, 'sub', 'a b.txt'), 'spaced');
  writeFileSync(join(root, 'shared', 'shared.png'), png(1, 1));
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  symlinkSync(join(outside, 'secret.txt'), join(base, 'link-out.txt'));
  symlinkSync(join(root, 'shared', 'shared.png'), join(base, 'link-in.png'));
  symlinkSync(outside, join(base, 'dir-link'));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function context(options: Partial<RenderOptions> = {}, engineLoader?: ResourceLoader, maxResourceBytes = 1024): ResourceContext {
  return createResourceContext({ template: '', baseDir: base, ...options }, engineLoader, { ...DEFAULT_LIMITS, maxResourceBytes });
}

async function errorCode(promise: Promise<unknown>): Promise<OctavoErrorCode> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OctavoError);
    return (error as OctavoError).code;
  }
  throw new Error('expected the load to fail');
}

const url = (relative: string): string => new URL(relative, pathToFileURL(`${base}/`)).href;

describe('base URL', () => {
  it('is the file: URL of baseDir with a trailing slash', () => {
    expect(context().baseUrl).toBe(`${pathToFileURL(base).href}/`);
    expect(context({ baseDir: `${base}/` }).baseUrl).toBe(`${pathToFileURL(base).href}/`);
    expect(context({ baseDir: undefined }).baseUrl).toBeUndefined();
  });
});

describe('file sandbox', () => {
  it('reads files inside the root, as bytes and as text', async () => {
    const resources = context();
    expect(await resources.loadText(url('style.css'))).toBe('p { color: red } /* é */');
    expect((await resources.loadBytes(url('logo.png'))).byteLength).toBe(png(2, 2).byteLength);
    expect(await resources.loadText(url('sub/a%20b.txt'))).toBe('spaced');
    expect(await resources.loadText(url('sub/../style.css#frag'))).toContain('color');
  });

  it('refuses ../ escapes, whether or not the target exists', async () => {
    const resources = context();
    expect(await errorCode(resources.loadBytes(url('../shared/shared.png')))).toBe('resource_denied');
    expect(await errorCode(resources.loadBytes(url('../../outside/secret.txt')))).toBe('resource_denied');
    expect(await errorCode(resources.loadBytes(url('../../does-not-exist.txt')))).toBe('resource_denied');
    expect(await errorCode(resources.loadBytes(`${pathToFileURL(base).href}/%2e%2e/%2e%2e/outside/secret.txt`))).toBe('resource_denied');
  });

  it('refuses absolute paths and file: URLs outside the root', async () => {
    const resources = context();
    expect(await errorCode(resources.loadBytes('file:///etc/passwd'))).toBe('resource_denied');
    expect(await errorCode(resources.loadBytes(pathToFileURL(join(outside, 'secret.txt')).href))).toBe('resource_denied');
    expect(await errorCode(resources.loadBytes('file://evil.example.com/etc/passwd'))).toBe('resource_denied');
  });

  it('refuses symbolic links that lead out of the root', async () => {
    const resources = context();
    expect(await errorCode(resources.loadBytes(url('link-out.txt')))).toBe('resource_denied');
    expect(await errorCode(resources.loadBytes(url('dir-link/secret.txt')))).toBe('resource_denied');
    // a link to a sibling folder is outside the default root (baseDir) ...
    expect(await errorCode(resources.loadBytes(url('link-in.png')))).toBe('resource_denied');
    // ... and allowed once the root is widened to contain it
    const wide = context({ root });
    expect((await wide.loadBytes(url('link-in.png'))).byteLength).toBeGreaterThan(0);
    expect((await wide.loadBytes(url('../shared/shared.png'))).byteLength).toBeGreaterThan(0);
    expect(await errorCode(wide.loadBytes(url('link-out.txt')))).toBe('resource_denied');
  });

  it('reports missing files and folders as not found', async () => {
    const resources = context();
    expect(await errorCode(resources.loadBytes(url('missing.png')))).toBe('resource_not_found');
    expect(await errorCode(resources.loadBytes(url('sub/')))).toBe('resource_not_found');
    expect(await errorCode(resources.loadBytes(url('style.css/x')))).toBe('resource_not_found');
  });

  it('enforces the size limit', async () => {
    expect(await errorCode(context().loadBytes(url('big.bin')))).toBe('limit_exceeded');
    expect((await context({}, undefined, 4096).loadBytes(url('big.bin'))).byteLength).toBe(2048);
  });

  it('reads no file without a baseDir or root', async () => {
    const resources = context({ baseDir: undefined });
    expect(await errorCode(resources.loadBytes(url('style.css')))).toBe('resource_denied');
  });

  it('refuses network and other schemes without a loader', async () => {
    const resources = context();
    for (const href of ['https://example.com/a.png', 'http://127.0.0.1/', 'ftp://example.com/x', 'javascript:alert(1)']) {
      expect(await errorCode(resources.loadBytes(href))).toBe('resource_denied');
    }
  });

  it('reads each URL once per render', async () => {
    const resources = context();
    const [a, b] = await Promise.all([resources.loadBytes(url('logo.png')), resources.loadBytes(url('logo.png#x'))]);
    expect(a).toBe(b);
  });
});

describe('data: URLs', () => {
  it('decodes base64 and percent-encoded payloads without any loader', async () => {
    const resources = context({ baseDir: undefined });
    expect(await resources.loadText('data:text/css;base64,cCB7IGNvbG9yOiByZWQgfQ==')).toBe('p { color: red }');
    expect(await resources.loadText('data:text/css,p%20%7B%20color%3A%20red%20%7D')).toBe('p { color: red }');
    expect(await resources.loadText('data:,caf%C3%A9 & café')).toBe('café & café');
    expect(await resources.loadText('data:text/plain;charset=utf-8;base64,w6k=')).toBe('é');
    const image = png(1, 1);
    expect(await resources.loadBytes(`data:image/png;base64,${Buffer.from(image).toString('base64')}`)).toEqual(image);
  });

  it('rejects malformed and oversized data: URLs', async () => {
    const resources = context({ baseDir: undefined });
    expect(await errorCode(resources.loadBytes('data:text/plain;base64'))).toBe('resource_not_found');
    expect(await errorCode(resources.loadBytes('data:;base64,!!!!'))).toBe('resource_not_found');
    expect(await errorCode(resources.loadBytes(`data:;base64,${Buffer.alloc(2000).toString('base64')}`))).toBe('limit_exceeded');
    expect(await errorCode(resources.loadBytes(`data:,${'x'.repeat(2000)}`))).toBe('limit_exceeded');
  });

  it('never hands data: URLs to a loader', async () => {
    const seen: string[] = [];
    const resources = context({}, { load: async (href) => { seen.push(href); return new Uint8Array(); } });
    expect(await resources.loadText('data:,x')).toBe('x');
    expect(seen).toEqual([]);
  });
});

describe('custom loaders', () => {
  const bytes = new TextEncoder().encode('loaded');

  it('handle every non-data URL, network and file alike', async () => {
    const seen: string[] = [];
    const loader: ResourceLoader = { load: async (href) => { seen.push(href); return bytes; } };
    const resources = context({}, loader);
    expect(await resources.loadText('https://cdn.example.com/a.css')).toBe('loaded');
    expect(await resources.loadText(url('style.css'))).toBe('loaded');
    expect(seen).toEqual(['https://cdn.example.com/a.css', url('style.css')]);
  });

  it('prefer the render option over the engine loader', async () => {
    const engine: ResourceLoader = { load: async () => new TextEncoder().encode('engine') };
    const render: ResourceLoader = { load: async () => new TextEncoder().encode('render') };
    expect(await context({}, engine).loadText('https://x/')).toBe('engine');
    expect(await context({ resources: render }, engine).loadText('https://x/')).toBe('render');
  });

  it('keep OctavoErrors, turn other failures into not found, and respect the size limit', async () => {
    const deny: ResourceLoader = { load: async (href) => { throw new OctavoError('resource_denied', `${href} not allowed`); } };
    const broken: ResourceLoader = { load: async () => { throw new Error('ECONNRESET'); } };
    const huge: ResourceLoader = { load: async () => new Uint8Array(5000) };
    expect(await errorCode(context({}, deny).loadBytes('https://x/'))).toBe('resource_denied');
    expect(await errorCode(context({}, broken).loadBytes('https://x/'))).toBe('resource_not_found');
    expect(await errorCode(context({}, huge).loadBytes('https://x/'))).toBe('limit_exceeded');
  });

  it('are asked once per URL per render', async () => {
    let calls = 0;
    const resources = context({}, { load: async () => { calls++; return bytes; } });
    await Promise.all([resources.loadBytes('https://x/a'), resources.loadBytes('https://x/a'), resources.loadText('https://x/a')]);
    expect(calls).toBe(1);
    await context({}, { load: async () => { calls++; return bytes; } }).loadBytes('https://x/a');
    expect(calls).toBe(2);
  });
});
