/**
 * XMP metadata (ISO 16684-1; ISO 32000-1 §14.3.2 metadata streams): the document information
 * as Dublin Core / XMP / Adobe PDF properties, kept equal to the Info dictionary as PDF/A asks
 * (ISO 19005-2 §6.6.2.3: Title = dc:title x-default, Author = dc:creator, Subject =
 * dc:description, Keywords = pdf:Keywords, Creator = xmp:CreatorTool, Producer = pdf:Producer,
 * CreationDate = xmp:CreateDate, ModDate = xmp:ModifyDate), the PDF/A identification
 * (pdfaid:part / conformance), and extension schemas (with their PDF/A schema description,
 * §6.6.2.3.2) such as Factur-X's.
 */

/** An XMP property of an extension schema, described for PDF/A (pdfaProperty). */
export interface XmpExtensionProperty {
  readonly name: string;
  readonly value: string;
  readonly valueType: 'Text';
  readonly category: 'external' | 'internal';
  readonly description: string;
}

/** A custom schema with its properties (e.g. Factur-X's fx: namespace). */
export interface XmpExtensionSchema {
  readonly schema: string;
  readonly namespaceURI: string;
  readonly prefix: string;
  readonly properties: readonly XmpExtensionProperty[];
}

export interface XmpInput {
  readonly title?: string;
  readonly author?: string;
  readonly subject?: string;
  readonly keywords?: string;
  readonly language?: string;
  readonly creator: string;
  readonly producer: string;
  readonly creationDate: Date;
  readonly modificationDate: Date;
  /** 32 hex digits: the file identifier, reused as xmpMM:DocumentID / InstanceID. */
  readonly documentId: string;
  readonly pdfa?: { readonly part: 2 | 3; readonly conformance: 'B' };
  readonly extensions?: readonly XmpExtensionSchema[];
}

/** Escapes text for XML element content and attribute values. */
export function escapeXml(text: string): string {
  // characters XML 1.0 cannot carry at all are dropped
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return clean.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** XMP date (ISO 8601, UTC, whole seconds) — the same instant the Info dictionary's D: date names. */
export function xmpDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

const alt = (text: string): string => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;

function dublinCore(input: XmpInput): string {
  const parts = ['<dc:format>application/pdf</dc:format>'];
  if (input.title !== undefined) parts.push(`<dc:title>${alt(input.title)}</dc:title>`);
  if (input.author !== undefined) parts.push(`<dc:creator><rdf:Seq><rdf:li>${escapeXml(input.author)}</rdf:li></rdf:Seq></dc:creator>`);
  if (input.subject !== undefined) parts.push(`<dc:description>${alt(input.subject)}</dc:description>`);
  if (input.language !== undefined) parts.push(`<dc:language><rdf:Bag><rdf:li>${escapeXml(input.language)}</rdf:li></rdf:Bag></dc:language>`);
  return description('xmlns:dc="http://purl.org/dc/elements/1.1/"', parts);
}

function description(namespaces: string, parts: readonly string[]): string {
  return `<rdf:Description rdf:about="" ${namespaces}>\n${parts.map((p) => `  ${p}`).join('\n')}\n</rdf:Description>`;
}

/** The PDF/A extension schema container describing custom schemas (ISO 19005-1 Technical Corrigendum 2 / §6.6.2.3.2). */
function extensionSchemas(extensions: readonly XmpExtensionSchema[]): string {
  const schemas = extensions.map((schema) => {
    const properties = schema.properties.map((p) => [
      '<rdf:li rdf:parseType="Resource">',
      `<pdfaProperty:name>${escapeXml(p.name)}</pdfaProperty:name>`,
      `<pdfaProperty:valueType>${p.valueType}</pdfaProperty:valueType>`,
      `<pdfaProperty:category>${p.category}</pdfaProperty:category>`,
      `<pdfaProperty:description>${escapeXml(p.description)}</pdfaProperty:description>`,
      '</rdf:li>',
    ].join(''));
    return [
      '<rdf:li rdf:parseType="Resource">',
      `<pdfaSchema:schema>${escapeXml(schema.schema)}</pdfaSchema:schema>`,
      `<pdfaSchema:namespaceURI>${escapeXml(schema.namespaceURI)}</pdfaSchema:namespaceURI>`,
      `<pdfaSchema:prefix>${escapeXml(schema.prefix)}</pdfaSchema:prefix>`,
      `<pdfaSchema:property><rdf:Seq>${properties.join('')}</rdf:Seq></pdfaSchema:property>`,
      '</rdf:li>',
    ].join('');
  });
  return description(
    'xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"',
    [`<pdfaExtension:schemas><rdf:Bag>${schemas.join('')}</rdf:Bag></pdfaExtension:schemas>`],
  );
}

/** The complete XMP packet (UTF-8 text, read-only `end="r"` is not used so editors may update it in place). */
export function xmpPacket(input: XmpInput): string {
  const blocks = [
    dublinCore(input),
    description('xmlns:xmp="http://ns.adobe.com/xap/1.0/"', [
      `<xmp:CreateDate>${xmpDate(input.creationDate)}</xmp:CreateDate>`,
      `<xmp:ModifyDate>${xmpDate(input.modificationDate)}</xmp:ModifyDate>`,
      `<xmp:MetadataDate>${xmpDate(input.modificationDate)}</xmp:MetadataDate>`,
      `<xmp:CreatorTool>${escapeXml(input.creator)}</xmp:CreatorTool>`,
    ]),
    description('xmlns:pdf="http://ns.adobe.com/pdf/1.3/"', [
      `<pdf:Producer>${escapeXml(input.producer)}</pdf:Producer>`,
      ...(input.keywords === undefined ? [] : [`<pdf:Keywords>${escapeXml(input.keywords)}</pdf:Keywords>`]),
    ]),
    description('xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"', [
      `<xmpMM:DocumentID>uuid:${uuid(input.documentId)}</xmpMM:DocumentID>`,
      `<xmpMM:InstanceID>uuid:${uuid(input.documentId)}</xmpMM:InstanceID>`,
    ]),
  ];
  if (input.pdfa !== undefined) {
    blocks.push(description('xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"', [
      `<pdfaid:part>${input.pdfa.part}</pdfaid:part>`,
      `<pdfaid:conformance>${input.pdfa.conformance}</pdfaid:conformance>`,
    ]));
  }
  for (const schema of input.extensions ?? []) {
    blocks.push(description(`xmlns:${schema.prefix}="${escapeXml(schema.namespaceURI)}"`,
      schema.properties.map((p) => `<${schema.prefix}:${p.name}>${escapeXml(p.value)}</${schema.prefix}:${p.name}>`)));
  }
  if (input.extensions !== undefined && input.extensions.length > 0) blocks.push(extensionSchemas(input.extensions));
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    ...blocks,
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** 32 hex digits as a UUID (8-4-4-4-12). */
function uuid(hex: string): string {
  const h = hex.padEnd(32, '0').slice(0, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
