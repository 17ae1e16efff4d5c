/**
 * A template is a folder in every storage (issue 15): its stylesheet, font, image and partial are
 * stored with it and used when generating over HTTP after the source folder is gone, and a stored
 * template still reads nothing outside its own files. Run against memory, fs and PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/service/logging.js';
import { addTemplate, createWorkspace, updateTemplate } from '../../src/service/operations.js';
import { createEngineRenderer } from '../../src/service/renderer.js';
import type { RunningService } from '../../src/service/main/server.js';
import { startService } from '../../src/service/main/server.js';
import type { Storage } from '../../src/service/storage/types.js';
import { collectTemplateFiles } from '../../src/service/storage/template-files.js';
import { png } from '../resources/image-bytes.js';
import { qpdfCheck } from './helpers/qpdf.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function writeLetter(source: string, heading: string): Promise<string> {
  await mkdir(join(source, 'css'), { recursive: true });
  await mkdir(join(source, 'img'), { recursive: true });
  await mkdir(join(source, 'fonts'), { recursive: true });
  await mkdir(join(source, 'partials'), { recursive: true });
  const html = join(source, 'letter.html');
  await writeFile(html, '<link rel="stylesheet" href="css/style.css"><img src="img/logo.png">{{> header}}<p class="who">{{name}}</p>');
  await writeFile(join(source, 'css/style.css'), '@font-face { font-family: Brand; src: url(../fonts/brand.ttf) } .who { font-family: Brand }');
  await copyFile(join(root, 'fonts/liberation/LiberationMono-Bold.ttf'), join(source, 'fonts/brand.ttf'));
  await writeFile(join(source, 'img/logo.png'), png(8, 4, [0, 0, 255]));
  await writeFile(join(source, 'partials/header.html'), `<h1>${heading} {{name}}</h1>`);
  return html;
}

export function describeTemplateFolders(name: string, open: () => Promise<Storage>): void {
  describe(`template folders in the service: ${name}`, () => {
    let dir: string;
    let storage: Storage;
    let service: RunningService;
    let apiKey: string;
    const renderPdf = createEngineRenderer();

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'octavo-folders-'));
      storage = await open();
      service = await startService({ storage, renderPdf, host: '127.0.0.1', port: 0, logger: silentLogger });
      apiKey = (await createWorkspace(storage, { name: 'folders', quota: 100 })).apiKey;
    });
    afterAll(async () => {
      await service?.close();
      await rm(dir, { recursive: true, force: true });
    });

    async function add(html: string, templateName: string, source: string): Promise<string> {
      const { files } = await collectTemplateFiles(source, html);
      const added = await addTemplate(storage, renderPdf, {
        workspaceName: 'folders', name: templateName, html: await readFile(html, 'utf8'), baseDir: source, files, sample: { name: 'Sample' },
      });
      expect(added.warnings).toEqual([]);
      return added.template.id;
    }

    async function generate(id: string, payload: unknown): Promise<Response> {
      return fetch(`${service.url}/v1/pdfs`, {
        method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: id, payload }),
      });
    }

    async function download(response: Response): Promise<string> {
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { download_url: string } };
      const pdf = new Uint8Array(await (await fetch(data.download_url)).arrayBuffer());
      qpdfCheck(pdf);
      const file = join(dir, `out-${Math.random().toString(36).slice(2)}.pdf`);
      await writeFile(file, pdf);
      return file;
    }

    it('generates with the stored stylesheet, font, image and partial after the source folder is gone', async () => {
      const source = join(dir, 'letter');
      const id = await add(await writeLetter(source, 'Dear'), 'Letter', source);
      await rm(source, { recursive: true });
      const file = await download(await generate(id, { name: 'Ada' }));
      expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toMatch(/Dear Ada[\s\S]*Ada/);
      expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(3);
      expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toContain('LiberationMono-Bold');
    });

    it('uses the new files after an update', async () => {
      const source = join(dir, 'updated');
      const html = await writeLetter(source, 'Dear');
      const id = await add(html, 'Updated', source);
      expect(execFileSync('pdftotext', [await download(await generate(id, { name: 'Bo' })), '-'], { encoding: 'utf8' })).toContain('Dear Bo');
      await writeFile(join(source, 'partials/header.html'), '<h1>Hello {{name}}</h1>');
      const { files } = await collectTemplateFiles(source, html);
      await updateTemplate(storage, renderPdf, { workspaceName: 'folders', name: 'Updated', html: await readFile(html, 'utf8'), baseDir: source, files });
      expect(execFileSync('pdftotext', [await download(await generate(id, { name: 'Bo' })), '-'], { encoding: 'utf8' })).toContain('Hello Bo');
    });

    it('reads nothing outside the stored files: the image is left out, as a browser leaves it', async () => {
      const source = join(dir, 'escape');
      await mkdir(source);
      await writeFile(join(dir, 'secret.png'), png(2, 2, [255, 0, 0]));
      await writeFile(join(source, 'escape.html'), '<p>{{name}}</p>');
      const id = await add(join(source, 'escape.html'), 'Escape', source);
      const quota = async () => ((await (await fetch(`${service.url}/v1/workspaces`, { headers: { apikey: apiKey } })).json()) as { remainingQuota: number }).remainingQuota;
      const before = await quota();
      const escapes = ['../secret.png', `file://${join(dir, 'secret.png')}`, '%2e%2e/secret.png', 'https://example.com/x.png'];
      for (const src of escapes) {
        await updateTemplate(storage, renderPdf, { workspaceName: 'folders', name: 'Escape', html: `<img src="${src}"><p>{{name}}</p>` });
        const pdf = await download(await generate(id, { name: 'Kept' }));
        expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain('Kept');
        // `pdfimages -list` prints two header lines and one line per image
        expect({ src, images: execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').length - 2 }).toEqual({ src, images: 0 });
      }
      expect(await quota()).toBe(before - escapes.length);
    });
  });
}
