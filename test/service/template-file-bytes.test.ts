/**
 * A stored template's files kept across jobs in a render process (template-loader.ts): a job's
 * files arrive as new arrays each time, and the loader hands out one marked array per file version
 * instead, so their digests are kept; an update or another workspace is never served those bytes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isUnchanging } from '../../src/cache/content-digest.js';
import type { RenderJob } from '../../src/service/renderer.js';
import { createEngineRenderer } from '../../src/service/renderer.js';
import type { TemplateFiles, TemplateRecord } from '../../src/service/storage/types.js';
import { templateFilesVersion, templateRenderJob } from '../../src/service/template-job.js';
import { TEMPLATE_FOLDER, templateFilesOptions } from '../../src/service/template-loader.js';
import { png } from '../resources/image-bytes.js';

const font = new Uint8Array(readFileSync(fileURLToPath(new URL('../../fonts/liberation/LiberationMono-Bold.ttf', import.meta.url))));
const html = '<style>@font-face { font-family: Brand; src: url(fonts/brand.ttf) } p { font-family: Brand }</style>'
  + '<img src="img/logo.png" style="width: 40px"><p>{{name}}</p>';

function record(overrides: Partial<TemplateRecord> = {}): TemplateRecord {
  return {
    id: '6f1c0d4e-2a51-4b8e-9a57-0c3f4f4d2a10', workspaceId: 'b3e1a2c4-0000-4000-8000-000000000001', name: 'letter', html,
    created: new Date('2026-11-01T10:00:00Z'), modified: null, version: 1, ...overrides,
  };
}

/** The files as a render process receives them: new arrays for every job (structured clone). */
function filesOf(logoColour: [number, number, number]): TemplateFiles {
  return structuredClone(new Map([['img/logo.png', png(8, 4, logoColour)], ['fonts/brand.ttf', font]]));
}

/** A generate's job, with identical bytes for identical input. */
function job(template: TemplateRecord, files: TemplateFiles, payload: unknown): RenderJob {
  return { ...templateRenderJob(template, files, payload), options: { deterministic: true } };
}

const url = (path: string) => `file://${TEMPLATE_FOLDER}/${path}`;

async function load(files: TemplateFiles, template: TemplateRecord, path: string): Promise<Uint8Array> {
  return templateFilesOptions(files, templateFilesVersion(template)).resources.load(url(path));
}

describe('a stored template\'s files across jobs', () => {
  const renderPdf = createEngineRenderer();

  it('renders the same PDF twice, the second time from the kept, marked bytes, as without keeping them', async () => {
    const template = record();
    const first = await renderPdf(job(template, filesOf([0, 0, 255]), { name: 'Ada' }));
    const second = await renderPdf(job(template, filesOf([0, 0, 255]), { name: 'Ada' }));
    expect(Buffer.from(second.pdf).equals(Buffer.from(first.pdf))).toBe(true);
    const { filesVersion: _, ...unkept } = job(template, filesOf([0, 0, 255]), { name: 'Ada' });
    expect(Buffer.from((await renderPdf(unkept)).pdf).equals(Buffer.from(first.pdf))).toBe(true);

    const logo = await load(filesOf([0, 0, 255]), template, 'img/logo.png');
    const fontBytes = await load(filesOf([0, 0, 255]), template, 'fonts/brand.ttf');
    expect(isUnchanging(logo)).toBe(true);
    expect(isUnchanging(fontBytes)).toBe(true);
    expect(await load(filesOf([0, 0, 255]), template, 'img/logo.png')).toBe(logo);
    expect(await load(filesOf([0, 0, 255]), template, 'fonts/brand.ttf')).toBe(fontBytes);
    expect(fontBytes).toEqual(font);
  });

  it('renders an updated template with its new logo', async () => {
    const v1 = record({ id: '0a7e2f5c-1111-4c1d-8e2f-3a4b5c6d7e8f' });
    const v2 = { ...v1, version: 2, modified: new Date('2026-11-02T10:00:00Z') };
    const old = await renderPdf(job(v1, filesOf([0, 0, 255]), { name: 'Ada' }));
    const updated = await renderPdf(job(v2, filesOf([255, 0, 0]), { name: 'Ada' }));
    const { filesVersion: _, ...unkept } = job(v2, filesOf([255, 0, 0]), { name: 'Ada' });
    expect(Buffer.from(updated.pdf).equals(Buffer.from(old.pdf))).toBe(false);
    expect(Buffer.from(updated.pdf).equals(Buffer.from((await renderPdf(unkept)).pdf))).toBe(true);
    expect(await load(filesOf([255, 0, 0]), v2, 'img/logo.png')).toEqual(png(8, 4, [255, 0, 0]));
    expect(await load(filesOf([0, 0, 255]), v1, 'img/logo.png')).toEqual(png(8, 4, [0, 0, 255]));
  });

  it('never serves one workspace the files of another\'s template of the same id', async () => {
    const mine = record({ id: 'same-id' });
    const theirs = record({ id: 'same-id', workspaceId: 'b3e1a2c4-0000-4000-8000-000000000002' });
    expect(await load(filesOf([0, 255, 0]), mine, 'img/logo.png')).toEqual(png(8, 4, [0, 255, 0]));
    expect(await load(filesOf([9, 9, 9]), theirs, 'img/logo.png')).toEqual(png(8, 4, [9, 9, 9]));
  });

  it('replaces kept bytes when a job brings a file of another length under the same key', async () => {
    const template = record({ id: 'length-check' });
    await load(filesOf([1, 2, 3]), template, 'img/logo.png');
    const other = new Map([['img/logo.png', new Uint8Array([1, 2, 3])]]);
    expect(await load(other, template, 'img/logo.png')).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('drops the oldest files past its bound in bytes', async () => {
    const big = new Uint8Array(40 * 1024 * 1024);
    const files = new Map([['big.bin', big]]);
    const a = record({ id: 'bound-a' });
    const b = record({ id: 'bound-b' });
    const keptA = await load(files, a, 'big.bin');
    // booleans: a failed match of 40 MB arrays would print them
    expect(await load(files, a, 'big.bin') === keptA).toBe(true);
    const keptB = await load(files, b, 'big.bin'); // 80 MB over a 64 MB bound: a's goes
    expect(await load(files, a, 'big.bin') === keptA).toBe(false);
    expect(await load(files, b, 'big.bin') === keptB).toBe(false); // a's new copy pushed b's out
  });
});
