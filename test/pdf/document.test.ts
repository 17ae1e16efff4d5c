import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { OctavoError } from '../../src/errors.js';
import type { EncryptionAlgorithm, EncryptionOptions, Metadata, Permissions } from '../../src/options.js';
import type { DisplayItem, DocumentDisplayList } from '../../src/paint/display-list.js';
import { writePdf } from '../../src/pdf/writer.js';
import { rasterize } from '../helpers/pixels.js';
import { qpdf, qpdfCheck, qpdfShowEncryption } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';
import { glyphItem, loadFace } from './font-fixture.js';
import { jpegImage, pngImage } from './image-fixture.js';

const run = promisify(execFile);
const RED = { r: 255, g: 0, b: 0, a: 1 };

function display(items: DisplayItem[] = []): DocumentDisplayList {
  return { pages: [{ width: 200, height: 100, items: [glyphItem(loadFace('sans'), 'Secret text', { x: 10, y: 30, size: 12 }), ...items] }] };
}

interface Options {
  metadata?: Metadata;
  encryption?: EncryptionOptions;
  deterministic?: boolean;
  compress?: boolean;
}

const write = (d: DocumentDisplayList, o: Options = {}): Promise<Uint8Array> =>
  writePdf(d, { metadata: o.metadata ?? {}, encryption: o.encryption, deterministic: o.deterministic ?? false, compress: o.compress ?? true });

const pdfinfo = (pdf: Uint8Array, password?: string): Promise<string> =>
  withPdfFile(pdf, async (path) => (await run('pdfinfo', [...(password === undefined ? [] : ['-upw', password]), path])).stdout);

const latin1 = (pdf: Uint8Array): string => Buffer.from(pdf).toString('latin1');

describe('encryption', () => {
  const expected: Record<EncryptionAlgorithm, { R: string; V: number; method?: string }> = {
    'aes-256': { R: 'R = 6', V: 5, method: 'AESv3' },
    'aes-128': { R: 'R = 4', V: 4, method: 'AESv2' },
    'rc4-128': { R: 'R = 3', V: 2 },
    'rc4-40': { R: 'R = 2', V: 1 },
  };
  for (const algorithm of Object.keys(expected) as EncryptionAlgorithm[]) {
    test(`${algorithm}: the user password opens it, a wrong one does not`, async () => {
      const pdf = await write(display(), { encryption: { userPassword: 'user', ownerPassword: 'owner', algorithm } });
      await qpdfCheck(pdf, 'user');
      const shown = await qpdfShowEncryption(pdf, 'user');
      expect(shown.stdout).toContain(expected[algorithm].R);
      expect(shown.stdout).toContain('Supplied password is user password');
      if (expected[algorithm].method !== undefined) expect(shown.stdout).toContain(`stream encryption method: ${expected[algorithm].method}`);
      const json = await qpdf(pdf, ['--json', '--json-key=encrypt', '--password=user']);
      expect(JSON.parse(json.stdout).encrypt.parameters.V).toBe(expected[algorithm].V);
      const wrong = await qpdf(pdf, ['--check', '--password=nope']);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('invalid password');
      expect(latin1(pdf)).not.toContain('Secret');
    });
  }

  test('the owner password gives full rights', async () => {
    const pdf = await write(display(), { encryption: { userPassword: 'user', ownerPassword: 'owner', permissions: { copying: false, printing: false } } });
    const shown = await qpdfShowEncryption(pdf, 'owner');
    expect(shown.stdout).toContain('Supplied password is owner password');
    const decrypted = await qpdf(pdf, ['--password=owner', '--decrypt', '--check']);
    expect(decrypted.code).toBe(0);
  });

  const flags: Record<keyof Permissions, string> = {
    printing: 'print high resolution',
    modifying: 'modify other',
    annotating: 'modify annotations',
    copying: 'extract for any purpose',
    contentAccessibility: 'extract for accessibility',
    fillingForms: 'modify forms',
    documentAssembly: 'modify document assembly',
  };
  for (const [flag, line] of Object.entries(flags) as [keyof Permissions, string][]) {
    test(`permissions.${flag} = false restricts "${line}" and nothing else`, async () => {
      const pdf = await write(display(), { encryption: { permissions: { [flag]: false } } });
      await qpdfCheck(pdf);
      const shown = (await qpdfShowEncryption(pdf)).stdout;
      expect(shown).toContain(`${line}: not allowed`);
      for (const other of Object.values(flags).filter((l) => l !== line)) {
        if (flag === 'printing' && other === 'print low resolution') continue;
        expect(shown).toContain(`${other}: allowed`);
      }
      // no password: a random owner password, and an empty user password opens the file
      expect(shown).toContain('Supplied password is user password');
    });
  }

  test('no owner password: a random one, different each time, never the user password', async () => {
    const a = await write(display(), { encryption: { userPassword: 'same', algorithm: 'rc4-128' } });
    const b = await write(display(), { encryption: { userPassword: 'same', algorithm: 'rc4-128' } });
    const shownA = (await qpdfShowEncryption(a, 'same')).stdout;
    expect(shownA).toContain('Supplied password is user password');
    expect(shownA).not.toContain('owner password');
    const ownerEntry = (pdf: Uint8Array): string => /\/O <([0-9a-f]+)>/.exec(latin1(pdf))![1]!;
    expect(ownerEntry(a)).not.toBe(ownerEntry(b));
  });

  test('no encryption options: not encrypted; all permissions absent: not encrypted', async () => {
    for (const encryption of [undefined, {}, { permissions: { printing: true } }]) {
      const pdf = await write(display(), encryption === undefined ? {} : { encryption });
      expect((await qpdfShowEncryption(pdf)).stdout).toContain('File is not encrypted');
    }
  });
});

describe('metadata', () => {
  test('info dictionary, /Lang and /DisplayDocTitle', async () => {
    const pdf = await write(display(), {
      compress: false,
      metadata: { title: 'Rechnung Nr. 7 — März', author: 'Ada', subject: 'Invoice', keywords: ['billing', 'q1'], language: 'de-CH', creationDate: new Date('2024-05-06T07:08:09Z') },
    });
    await qpdfCheck(pdf);
    const info = await pdfinfo(pdf);
    expect(info).toMatch(/Title:\s+Rechnung Nr. 7 — März/);
    expect(info).toMatch(/Author:\s+Ada/);
    expect(info).toMatch(/Subject:\s+Invoice/);
    expect(info).toMatch(/Keywords:\s+billing, q1/);
    expect(info).toMatch(/Creator:\s+octavo/);
    expect(info).toMatch(/Producer:\s+octavo/);
    expect(info).toMatch(/CreationDate:\s+Mon May {2}6 07:08:09 2024 UTC/);
    const s = latin1(pdf);
    expect(s).toContain('/Lang (de-CH)');
    expect(s).toContain('/DisplayDocTitle true');
  });

  test('creator and producer can be set; no title, no DisplayDocTitle', async () => {
    const pdf = await write(display(), { compress: false, metadata: { creator: 'Billing 2.1', producer: 'ACME' } });
    const info = await pdfinfo(pdf);
    expect(info).toMatch(/Creator:\s+Billing 2.1/);
    expect(info).toMatch(/Producer:\s+ACME/);
    expect(latin1(pdf)).not.toContain('DisplayDocTitle');
  });
});

describe('deterministic output', () => {
  const links: DisplayItem[] = [{ kind: 'link', rect: { x: 10, y: 10, width: 50, height: 20 }, url: 'https://example.com/a' }];
  for (const encryption of [undefined, { userPassword: 'u' }, { userPassword: 'u', algorithm: 'aes-128' as const }, { permissions: { copying: false }, algorithm: 'rc4-40' as const }]) {
    test(`identical input gives identical bytes (encryption: ${JSON.stringify(encryption)})`, async () => {
      const a = await write(display(links), { deterministic: true, encryption });
      const b = await write(display(links), { deterministic: true, encryption });
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
      await qpdfCheck(a, encryption?.userPassword);
      // a different content gives a different file identifier
      const c = await write(display([]), { deterministic: true, encryption });
      const id = (pdf: Uint8Array): string => /\/ID \[<([0-9a-f]+)>/.exec(latin1(pdf))![1]!;
      expect(id(c)).not.toBe(id(a));
      // and so do other metadata (written after the identifier is known)
      const d = await write(display(links), { deterministic: true, encryption, metadata: { title: 'Other' } });
      expect(id(d)).not.toBe(id(a));
    });
  }

  test('deterministic documents carry the fixed creation date unless one is given', async () => {
    expect(await pdfinfo(await write(display(), { deterministic: true }))).toMatch(/CreationDate:\s+Sat Jan {2}1 00:00:00 2000 UTC/);
  });

  test('without deterministic, two renders differ (file identifier)', async () => {
    const a = await write(display(), { metadata: { creationDate: new Date(0) } });
    const b = await write(display(), { metadata: { creationDate: new Date(0) } });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });
});

describe('links, outline, images', () => {
  test('link annotations with URI actions; unsafe schemes are dropped', async () => {
    const pdf = await write(display([
      { kind: 'link', rect: { x: 10, y: 20, width: 40, height: 8 }, url: 'https://example.com/?q=(1)' },
      { kind: 'link', rect: { x: 10, y: 40, width: 40, height: 8 }, url: 'javascript:alert(1)' },
    ]), { compress: false });
    await qpdfCheck(pdf);
    const s = latin1(pdf);
    expect(s.match(/\/Subtype \/Link/g)).toHaveLength(1);
    expect(s).toContain('/URI (https://example.com/?q=\\(1\\))');
    // px rect (10,20 40x8) on a 100 px tall page -> pt [7.5 54 37.5 60]
    expect(s).toContain('/Rect [7.5 54 37.5 60]');
  });

  test('bookmarks nest by level and point at their page', async () => {
    const bookmark = (level: number, title: string, y: number): DisplayItem => ({ kind: 'bookmark', level, title, y, open: true });
    const pdf = await write({ pages: [
      { width: 200, height: 100, items: [bookmark(1, 'Intro', 10), bookmark(2, 'Scope', 50)] },
      { width: 200, height: 100, items: [bookmark(2, 'Terms', 0), bookmark(1, 'Annex', 40)] },
    ] });
    await qpdfCheck(pdf);
    const json = JSON.parse((await qpdf(pdf, ['--json', '--json-key=outlines'])).stdout) as {
      outlines: { title: string; destpageposfrom1: number; kids: { title: string; destpageposfrom1: number }[] }[];
    };
    expect(json.outlines.map((o) => [o.title, o.destpageposfrom1, o.kids.map((k) => [k.title, k.destpageposfrom1])])).toEqual([
      ['Intro', 1, [['Scope', 1], ['Terms', 2]]],
      ['Annex', 2, []],
    ]);
  });

  test('links, bookmarks and destinations moved far off the page are written on the sheet', async () => {
    // `top: 1e25px` or `scale(1e30)` put them where no PDF number reaches: the PDF failed to write
    const pdf = await write({ pages: [{ width: 200, height: 100, items: [
      { kind: 'link', rect: { x: 10, y: 1e25, width: 40, height: 8 }, url: 'https://example.com/gone' },
      { kind: 'link', rect: { x: -1e25, y: 20, width: 2e25, height: 8 }, url: 'https://example.com/wide' },
      { kind: 'link', rect: { x: Number.NaN, y: 20, width: 40, height: 8 }, url: 'https://example.com/nan' },
      { kind: 'bookmark', level: 1, title: 'Below', y: 1e25, open: true },
      { kind: 'bookmark', level: 1, title: 'Turned', y: -1e25, x: 1e25, open: true },
      { kind: 'bookmark', level: 1, title: 'Nowhere', y: Number.NaN, open: true },
      { kind: 'destination', name: 'far', x: -1e25, y: 1e25 },
    ] }] }, { compress: false });
    await qpdfCheck(pdf);
    const s = latin1(pdf);
    // the wide link is cut to the page; the others have no part on it
    expect(s.match(/\/Subtype \/Link/g)).toHaveLength(1);
    expect(s).toContain('/Rect [0 54 150 60]');
    // bottom edge (top = 0 pt), top edge (75 pt), right edge (left = 150 pt)
    const destinations = [...s.matchAll(/\/XYZ ([-\d.]+) ([-\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(destinations).toEqual(expect.arrayContaining([[0, 0], [150, 75], [0, 75]]));
    expect(destinations.every(([x, y]) => x! >= 0 && x! <= 150 && y! >= 0 && y! <= 75)).toBe(true);
  });

  test('PNG with alpha and JPEG images, each embedded once', async () => {
    const png = pngImage('png-1', [[[255, 0, 0, 255], [0, 0, 255, 255]], [[0, 0, 255, 255], [255, 0, 0, 0]]]);
    const jpeg = jpegImage();
    const pdf = await write({ pages: [{ width: 8, height: 4, items: [
      { kind: 'image', rect: { x: 0, y: 0, width: 2, height: 2 }, image: png },
      { kind: 'image', rect: { x: 3, y: 1, width: 2, height: 2 }, image: png },
      { kind: 'image', rect: { x: 6, y: 2, width: 2, height: 2 }, image: jpeg },
    ] }] }, { compress: false });
    await qpdfCheck(pdf);
    const s = latin1(pdf);
    expect(s.match(/\/Subtype \/Image/g)).toHaveLength(3); // png + its soft mask + jpeg
    expect(s).toContain('/DCTDecode');
    const [page] = await rasterize(pdf);
    expect(page!.map((row) => row.slice(0, 6))).toEqual(['RB____', 'B__RB_', '___B__', '______']);
    expect(page![2]!.slice(6)).not.toBe('__');
  });

  test('unreadable image data is a render_error', async () => {
    const bad = { id: 'bad', format: 'png' as const, bytes: new Uint8Array([1, 2, 3]), width: 1, height: 1 };
    await expect(write({ pages: [{ width: 10, height: 10, items: [{ kind: 'image', rect: { x: 0, y: 0, width: 1, height: 1 }, image: bad }] }] }))
      .rejects.toSatisfy((e: unknown) => e instanceof OctavoError && e.code === 'render_error');
  });

  test('red text stays red', async () => {
    const pdf = await write({ pages: [{ width: 30, height: 20, items: [glyphItem(loadFace('sans'), 'I', { x: 5, y: 15, size: 16, color: RED })] }] });
    const [page] = await rasterize(pdf);
    expect(page!.join('')).toMatch(/R/);
  });
});

describe('output', () => {
  // a caller that awaits renders in a loop never lets the event loop run ticks: one queued per
  // document would keep every document, with its buffers, alive until the loop ends
  test('writing a document queues nothing on process.nextTick', async () => {
    const queued: string[] = [];
    const nextTick = process.nextTick;
    process.nextTick = ((callback: (...args: unknown[]) => void, ...args: unknown[]) => {
      queued.push(callback.name);
      nextTick(callback, ...args);
    }) as typeof process.nextTick;
    try {
      const pdf = await write(display(), { deterministic: true });
      const encrypted = await write(display(), { encryption: { userPassword: 'u', ownerPassword: 'o' } });
      expect(latin1(pdf).startsWith('%PDF-1.')).toBe(true);
      expect(latin1(pdf).trimEnd().endsWith('%%EOF')).toBe(true);
      expect(latin1(encrypted).startsWith('%PDF-')).toBe(true);
    } finally {
      process.nextTick = nextTick;
    }
    expect(queued).toEqual([]);
  });
});
