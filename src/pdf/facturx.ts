/**
 * Factur-X 1.0 / ZUGFeRD 2.x e-invoices: a PDF/A-3b document with the Cross Industry Invoice
 * XML embedded as `factur-x.xml` (`xrechnung.xml` for the XRECHNUNG profile), MIME text/xml,
 * /AFRelationship /Data for the MINIMUM and BASIC WL profiles (which are not full invoices) and
 * /Alternative otherwise (Factur-X 1.0.07 §6.2.2), and the fx: XMP properties DocumentType,
 * DocumentFileName, Version and ConformanceLevel with their PDF/A extension schema.
 */
import type { Attachment, FacturXOptions, FacturXProfile } from '../options.js';
import type { XmpExtensionSchema } from './xmp.js';

export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The name of the embedded invoice XML. */
export function facturXFileName(profile: FacturXProfile | string): string {
  return profile === 'XRECHNUNG' ? 'xrechnung.xml' : 'factur-x.xml';
}

export function facturXAttachment(options: FacturXOptions): Attachment {
  const partial = options.profile === 'MINIMUM' || options.profile === 'BASIC WL';
  return {
    name: facturXFileName(options.profile),
    content: options.xml,
    mimeType: 'text/xml',
    description: options.profile === 'XRECHNUNG' ? 'XRechnung invoice' : 'Factur-X/ZUGFeRD invoice',
    relationship: partial ? 'Data' : 'Alternative',
  };
}

export function facturXSchema(options: FacturXOptions): XmpExtensionSchema {
  const property = (name: string, value: string, description: string): XmpExtensionSchema['properties'][number] =>
    ({ name, value, valueType: 'Text', category: 'external', description });
  return {
    schema: 'Factur-X PDFA Extension Schema',
    namespaceURI: FACTURX_NAMESPACE,
    prefix: 'fx',
    properties: [
      property('DocumentFileName', facturXFileName(options.profile), 'name of the embedded XML invoice file'),
      property('DocumentType', 'INVOICE', 'INVOICE'),
      property('Version', '1.0', 'The actual version of the Factur-X XML schema'),
      property('ConformanceLevel', options.profile, 'The conformance level of the embedded Factur-X data'),
    ],
  };
}
