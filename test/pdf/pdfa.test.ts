import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { OctavoError } from '../../src/errors.js';
import type { RenderOptions } from '../../src/options.js';
import type { DisplayItem, DocumentDisplayList } from '../../src/paint/display-list.js';
import { srgbProfile } from '../../src/pdf/srgb-profile.js';
import type { WritePdfOptions } from '../../src/pdf/write.js';
import { writePdf } from '../../src/pdf/writer.js';
import { validateRenderOptions } from '../../src/validate-options.js';
import { qpdf, qpdfCheck } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';
import { glyphItem, loadFace } from './font-fixture.js';
import { pngImage } from './image-fixture.js';

const run = promisify(execFile);
const latin1 = (pdf: Uint8Array): string => Buffer.from(pdf).toString('latin1');

const METADATA = {
  title: 'Rechnung & Co <7> — März',
  author: 'Ada Lovelace',
  subject: 'Invoice 7',
  keywords: ['billing', 'q1'],
  language: 'de-CH',
  creationDate: new Date('2024-05-06T07:08:09Z'),
};

function display(extra: DisplayItem[] = []): DocumentDisplayList {
  return { pages: [{ width: 300, height: 200, items: [glyphItem(loadFace('sans'), 'Invoice 7', { x: 10, y: 30, size: 12 }), ...extra] }] };
}

const write = (options: Partial<WritePdfOptions>, extra: DisplayItem[] = []): Promise<Uint8Array> =>
  writePdf(display(extra), { metadata: METADATA, encryption: undefined, deterministic: true, compress: true, ...options });

/** The XMP packet as text (the metadata stream is never compressed). */
function xmp(pdf: Uint8Array): string {
  const s = Buffer.from(pdf).toString('utf8');
  const start = s.indexOf('<?xpacket begin=');
  const end = s.indexOf('<?xpacket end="w"?>');
  expect(start).toBeGreaterThan(0);
  return s.slice(start, end + 19);
}

const INVOICE_XML = '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument/></rsm:CrossIndustryInvoice>\n';

describe('PDF/A', () => {
  for (const level of ['2b', '3b'] as const) {
    test(`PDF/A-${level}: pdfaid in the XMP, sRGB output intent, identifier, no encryption`, async () => {
      const pdf = await write({ pdfa: level });
      await qpdfCheck(pdf);
      const packet = xmp(pdf);
      expect(packet).toContain(`<pdfaid:part>${level[0]}</pdfaid:part>`);
      expect(packet).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
      const s = latin1(pdf);
      expect(s.startsWith('%PDF-1.7\n%\xFF\xFF\xFF\xFF')).toBe(true);
      expect(s).toMatch(/\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/);
      expect(s).not.toContain('/Encrypt');
      const json = JSON.parse((await qpdf(pdf, ['--json', '--json-output', '--json-stream-data=inline', '--decode-level=generalized'])).stdout) as {
        qpdf: [unknown, Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown>; data?: string } }>];
      };
      const objects = json.qpdf[1];
      const catalog = Object.values(objects).find((o) => o.value?.['/Type'] === '/Catalog')!.value!;
      const object = (ref: unknown): { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown>; data?: string } } => objects[`obj:${String(ref)}`]!;
      const intent = object((catalog['/OutputIntents'] as string[])[0]).value!;
      expect(intent).toMatchObject({ '/S': '/GTS_PDFA1', '/OutputConditionIdentifier': 'u:sRGB IEC61966-2.1' });
      const profile = object(intent['/DestOutputProfile']).stream!;
      expect(profile.dict['/N']).toBe(3);
      expect(Buffer.from(profile.data!, 'base64').equals(Buffer.from(srgbProfile()))).toBe(true);
      // the metadata stream is not filtered (ISO 19005-2 §6.6.2.1)
      const metadata = object(catalog['/Metadata']).stream!;
      expect(metadata.dict['/Filter']).toBeUndefined();
      expect(metadata.dict).toMatchObject({ '/Type': '/Metadata', '/Subtype': '/XML' });
      const fonts = await withPdfFile(pdf, async (path) => (await run('pdffonts', [path])).stdout);
      for (const line of fonts.trim().split('\n').slice(2)) expect(line).toMatch(/\s+yes\s+yes\s+yes\s+\d+\s+\d+$/);
    });
  }

  test('the XMP repeats the Info dictionary exactly (ISO 19005-2 §6.6.2.3), escaped', async () => {
    const pdf = await write({ pdfa: '2b' });
    const packet = xmp(pdf);
    expect(packet).toContain('<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Rechnung &amp; Co &lt;7&gt; — März</rdf:li></rdf:Alt></dc:title>');
    expect(packet).toContain('<dc:creator><rdf:Seq><rdf:li>Ada Lovelace</rdf:li></rdf:Seq></dc:creator>');
    expect(packet).toContain('<dc:description><rdf:Alt><rdf:li xml:lang="x-default">Invoice 7</rdf:li></rdf:Alt></dc:description>');
    expect(packet).toContain('<pdf:Keywords>billing, q1</pdf:Keywords>');
    expect(packet).toContain('<pdf:Producer>octavo</pdf:Producer>');
    expect(packet).toContain('<xmp:CreatorTool>octavo</xmp:CreatorTool>');
    expect(packet).toContain('<xmp:CreateDate>2024-05-06T07:08:09Z</xmp:CreateDate>');
    expect(packet).toContain('<xmp:ModifyDate>2024-05-06T07:08:09Z</xmp:ModifyDate>');
    expect(packet).toContain('<dc:language><rdf:Bag><rdf:li>de-CH</rdf:li></rdf:Bag></dc:language>');
    const info = await withPdfFile(pdf, async (path) => (await run('pdfinfo', ['-isodates', path])).stdout);
    expect(info).toMatch(/Title:\s+Rechnung & Co <7> — März/);
    expect(info).toMatch(/CreationDate:\s+2024-05-06T07:08:09Z/);
    expect(info).toMatch(/ModDate:\s+2024-05-06T07:08:09Z/);
    // poppler reads the same packet back
    const meta = await withPdfFile(pdf, async (path) => (await run('pdfinfo', ['-meta', path])).stdout);
    expect(meta).toContain('<pdfaid:part>2</pdfaid:part>');
    // a well-formed packet: every element opened is closed
    const tags = [...packet.matchAll(/<(\/?)([a-zA-Z][\w:]*)[^>]*?(\/?)>/g)].filter((m) => m[3] !== '/');
    const stack: string[] = [];
    for (const [, closing, name] of tags) {
      if (closing === '/') expect(stack.pop()).toBe(name);
      else stack.push(name!);
    }
    expect(stack).toEqual([]);
  });

  test('untagged documents get the same XMP (without pdfaid), also with encryption', async () => {
    const plain = xmp(await write({ compress: false }));
    expect(plain).not.toContain('pdfaid');
    expect(plain).toContain('<pdf:Producer>octavo</pdf:Producer>');
    const encrypted = await write({ encryption: { userPassword: 'u' } });
    await qpdfCheck(encrypted, 'u');
    expect(latin1(encrypted)).not.toContain('<?xpacket');
  });

  test('no .notdef glyph is drawn in PDF/A (ISO 19005-2 §6.2.11.8); its advance is kept', async () => {
    const face = loadFace('sans');
    const item = glyphItem(face, 'AB', { x: 10, y: 60, size: 20 });
    if (item.kind !== 'glyphs') throw new Error('fixture');
    const missing: DisplayItem = { ...item, glyphs: [item.glyphs[0]!, { ...item.glyphs[1]!, id: 0 }, item.glyphs[1]!], advances: [item.advances[0]!, 7, item.advances[1]!] };
    const show = (pdf: Uint8Array): string => latin1(pdf).match(/\[(<[0-9a-f]+>[^\]]*)\] TJ/g)!.join('|');
    const pdfa = show(await write({ pdfa: '2b', compress: false }, [missing]));
    const plain = show(await write({ compress: false }, [missing]));
    expect(plain).toContain('0000');
    expect(pdfa).not.toMatch(/<(?:[0-9a-f]{4})*0000/);
    // 7 px at 20 px = 350/1000 em moved right: a -350 adjustment
    expect(pdfa).toMatch(/> -350 </);
  });

  test('opacity and soft-masked images stay allowed in PDF/A-2 (transparency groups, no blend modes)', async () => {
    const png = pngImage('png-a', [[[255, 0, 0, 128]]]);
    const pdf = await write({ pdfa: '2b', compress: false }, [
      { kind: 'push-opacity', opacity: 0.5 },
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 10, height: 10 }, color: { r: 0, g: 0, b: 255, a: 1 } },
      { kind: 'pop-opacity' },
      { kind: 'image', rect: { x: 20, y: 0, width: 10, height: 10 }, image: png },
    ]);
    await qpdfCheck(pdf);
    const s = latin1(pdf);
    expect(s).not.toMatch(/\/BM /);
    expect(s).toContain('/S /Transparency');
    // a group's resources never list the group itself (no recursive resources)
    const form = /\d+ 0 obj\n<<\n\/Type \/XObject\n\/Subtype \/Form[\s\S]*?endobj/.exec(s)![0];
    expect(form).not.toContain('/Tg1');
  });
});

describe('attachments and Factur-X', () => {
  test('attachments: EmbeddedFiles name tree, /AF with relationships, MIME type, checksum', async () => {
    const json = '{"invoice":7,"total":"19.90 €"}';
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const pdf = await write({
      pdfa: '3b',
      attachments: [
        { name: 'data.json', content: json, mimeType: 'application/json', description: 'Raw data', relationship: 'Data' },
        { name: 'Überblick.bin', content: bytes, mimeType: 'application/octet-stream', relationship: 'Supplement' },
      ],
    });
    await qpdfCheck(pdf);
    const listed = await withPdfFile(pdf, async (path) => (await run('pdfdetach', ['-list', path])).stdout);
    expect(listed).toContain('2 embedded files');
    expect((await qpdf(pdf, ['--show-attachment=data.json'])).stdout).toBe(json);
    const verbose = (await qpdf(pdf, ['--list-attachments', '--verbose'])).stdout;
    expect(verbose).toContain('description: Raw data');
    expect(verbose).toContain('mime type: application/json');
    expect(verbose).toContain(`checksum: ${createHash('md5').update(json).digest('hex')}`);
    expect(verbose).toContain('/UF -> Überblick.bin');
    expect(verbose).toContain('/F -> _berblick.bin');
    const binary = await withPdfFile(pdf, async (path, folder) => {
      await run('pdfdetach', ['-save', '2', '-o', `${folder}/out.bin`, path]);
      return (await import('node:fs')).readFileSync(`${folder}/out.bin`);
    });
    expect([...binary]).toEqual([0, 1, 2, 255]);
    const s = latin1(pdf);
    expect(s).toMatch(/\/AF \[\d+ 0 R \d+ 0 R\]/);
    expect(s).toContain('/AFRelationship /Data');
    expect(s).toContain('/AFRelationship /Supplement');
    expect(s).toContain('/Subtype /application#2Fjson');
  });

  test('Factur-X: PDF/A-3b, factur-x.xml as Alternative, the fx: XMP schema and its extension description', async () => {
    const pdf = await write({ facturx: { xml: INVOICE_XML, profile: 'EN 16931' } });
    await qpdfCheck(pdf);
    expect((await qpdf(pdf, ['--show-attachment=factur-x.xml'])).stdout).toBe(INVOICE_XML);
    const verbose = (await qpdf(pdf, ['--list-attachments', '--verbose'])).stdout;
    expect(verbose).toContain('mime type: text/xml');
    expect(latin1(pdf)).toContain('/AFRelationship /Alternative');
    const packet = xmp(pdf);
    expect(packet).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(packet).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
    expect(packet).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(packet).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(packet).toContain('<fx:Version>1.0</fx:Version>');
    expect(packet).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(packet).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
    expect(packet).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    for (const name of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) expect(packet).toContain(`<pdfaProperty:name>${name}</pdfaProperty:name>`);
  });

  test('Factur-X profiles: MINIMUM is Data; XRECHNUNG is xrechnung.xml', async () => {
    const minimum = await write({ facturx: { xml: INVOICE_XML, profile: 'MINIMUM' } });
    expect(latin1(minimum)).toContain('/AFRelationship /Data');
    expect(xmp(minimum)).toContain('<fx:ConformanceLevel>MINIMUM</fx:ConformanceLevel>');
    const xrechnung = await write({ facturx: { xml: INVOICE_XML, profile: 'XRECHNUNG' } });
    expect((await qpdf(xrechnung, ['--show-attachment=xrechnung.xml'])).stdout).toBe(INVOICE_XML);
    expect(xmp(xrechnung)).toContain('<fx:DocumentFileName>xrechnung.xml</fx:DocumentFileName>');
  });
});

describe('option validation', () => {
  const error = (options: Partial<RenderOptions>): OctavoError | undefined => {
    try {
      validateRenderOptions({ template: '', ...options } as RenderOptions);
      return undefined;
    } catch (e) {
      return e as OctavoError;
    }
  };

  test('contradictions are invalid_options with a clear message', () => {
    const cases: [Partial<RenderOptions>, string][] = [
      [{ pdfa: '2b', encryption: { userPassword: 'x' } }, 'PDF/A documents cannot be encrypted'],
      [{ pdfa: '3b', encryption: { permissions: { copying: false } } }, 'PDF/A documents cannot be encrypted'],
      [{ facturx: { xml: INVOICE_XML, profile: 'BASIC' }, encryption: { ownerPassword: 'o' } }, 'cannot be encrypted'],
      [{ facturx: { xml: INVOICE_XML, profile: 'BASIC' }, pdfa: '2b' }, 'Factur-X invoice is PDF/A-3b'],
      [{ pdfa: '2b', attachments: [{ name: 'a.txt', content: 'a', mimeType: 'text/plain' }] }, 'PDF/A-2b only allows'],
      [{ pdfa: '1b' as never }, 'invalid option pdfa'],
      [{ attachments: [{ name: 'a', content: 'x', mimeType: 'text' }] }, 'attachments[0].mimeType'],
      [{ attachments: [{ name: 'a', content: 'x', mimeType: 'text/plain' }, { name: 'a', content: 'y', mimeType: 'text/plain' }] }, 'attached twice'],
      [{ attachments: [{ name: 'a', content: 'x', mimeType: 'text/plain', relationship: 'Main' as never }] }, 'attachments[0].relationship'],
      [{ facturx: { xml: INVOICE_XML, profile: 'COMFORT' as never } }, 'facturx.profile'],
      [{ facturx: { xml: '', profile: 'BASIC' } }, 'facturx.xml'],
      [{ facturx: { xml: INVOICE_XML, profile: 'BASIC' }, attachments: [{ name: 'factur-x.xml', content: 'x', mimeType: 'text/xml' }] }, 'reserved'],
      [{ tagged: 'yes' as never }, 'invalid option tagged'],
    ];
    for (const [options, message] of cases) {
      const e = error(options);
      expect(e, JSON.stringify(options)).toBeInstanceOf(OctavoError);
      expect(e!.code).toBe('invalid_options');
      expect(e!.message).toContain(message);
    }
    expect(error({ pdfa: '3b', attachments: [{ name: 'a.txt', content: 'a', mimeType: 'text/plain' }], tagged: true })).toBeUndefined();
    expect(error({ pdfa: '2b', encryption: { permissions: { printing: true } } })).toBeUndefined();
  });
});

const PREFLIGHT = ['preflight', 'pdfbox2', 'fontbox2', 'xmpbox', 'commons-logging', 'javax.activation', 'jaxb-api'].map((jar) => `/usr/share/java/${jar}.jar`);

describe('a real validator where one is installed', () => {
  // Apache PDFBox Preflight (Debian libpdfbox2-java) validates PDF/A-1b only; on a PDF/A-2b file
  // without transparency everything but the two PDF/A-1-only rules (CIDSet, part 1) must pass,
  // which covers XMP syntax, Info/XMP agreement, the output intent, fonts and annotations.
  test.skipIf(!PREFLIGHT.every(existsSync))('PDFBox Preflight finds only PDF/A-1-specific differences', async () => {
    const pdf = await write({ pdfa: '2b' }, [{ kind: 'link', rect: { x: 10, y: 10, width: 50, height: 20 }, url: 'https://example.com' }]);
    const report = await withPdfFile(pdf, async (path) => {
      try {
        return (await run('java', ['-cp', PREFLIGHT.join(':'), 'org.apache.pdfbox.preflight.Validator_A1b', path])).stdout;
      } catch (e) {
        return (e as { stdout: string }).stdout;
      }
    });
    const errors = report.split('\n').filter((line) => /^\d+(\.\d+)* : /.test(line));
    expect(errors.map((line) => line.split(' : ')[0]).sort()).toEqual(['3.1.11', '7.11.2']);
    expect(report).toContain('CIDSet entry is missing');
    expect(report).toContain('part must be 1');
  });
});
