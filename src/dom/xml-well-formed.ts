/**
 * XML 1.0 well-formedness (with Namespaces in XML's declared prefixes), checked as Chromium's XML
 * parser checks an SVG file: the first error, with its line and column, makes the image broken.
 * htmlparser2 (./xml.ts) repairs what it is given, so the text is checked here first, in one pass
 * without backtracking (a stranger's text: a 1 MB comment or a 200,000-deep tree is a linear walk).
 *
 * The pass also reads the doctype's internal subset (Adobe Illustrator declares its namespaces
 * there, `<!ENTITY ns_svg "http://www.w3.org/2000/svg">`, and writes `xmlns="&ns_svg;"`) and
 * expands those entities as Chromium does: in text fully, nested references included, refusing
 * markup and loops, and at most MAX_ENTITY_TEXT characters in all (a billion laughs is an error,
 * not a billion characters); in an attribute one level only, the replacement as declared.
 * External entities are never read (they expand to nothing).
 */

export interface XmlError {
  readonly message: string;
  /** 1-based, in characters. */
  readonly line: number;
  readonly column: number;
}

export interface CheckedXml {
  /** The text htmlparser2 can read: the internal subset dropped, its entity references expanded. */
  readonly text: string;
  readonly error?: XmlError;
}

/** What entity expansion may produce in one document (Chromium refuses amplification too). */
const MAX_ENTITY_TEXT = 1 << 20;
/** Entities referring to entities: deeper than this is refused (no loop reaches it: they are refused first). */
const MAX_ENTITY_NESTING = 40;

const NAME_START = ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F'
  + '\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
// eslint-disable-next-line no-misleading-character-class -- XML 1.0's NameChar ranges, combining marks and joiners included
const NAME = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040]*`, 'uy');
const TEXT = /[^<&\]]+/y;
/** Outside XML 1.0's Char production: C0 controls but tab and newlines, lone surrogates, U+FFFE/U+FFFF. */
const NOT_A_CHARACTER = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const CHARACTER_REFERENCE = /&#(?:x([0-9a-fA-F]+)|([0-9]+));/y;
const ENTITY_REFERENCE = new RegExp(`&(${NAME.source});`, 'uy');
const PREDEFINED = new Map([['lt', '<'], ['gt', '>'], ['amp', '&'], ['quot', '"'], ['apos', "'"]]);

const NONE: readonly string[] = [];

class NotWellFormed {
  constructor(readonly at: number, readonly message: string) {}
}

function fail(at: number, message: string): never {
  throw new NotWellFormed(at, message);
}

/** `&#…;` as its character, or `&name;` as its name, at `at`; undefined when `&` starts neither. */
function readReference(text: string, at: number): { end: number; character?: string; name?: string } | undefined {
  CHARACTER_REFERENCE.lastIndex = at;
  const character = CHARACTER_REFERENCE.exec(text);
  if (character !== null) {
    const code = character[1] !== undefined ? Number.parseInt(character[1], 16) : Number(character[2]);
    const allowed = code <= 0x10ffff && !NOT_A_CHARACTER.test(String.fromCodePoint(code));
    if (!allowed) fail(at, `\`${character[0].slice(0, 20)}\` is a character XML does not allow`);
    return { end: CHARACTER_REFERENCE.lastIndex, character: String.fromCodePoint(code) };
  }
  ENTITY_REFERENCE.lastIndex = at;
  const entity = ENTITY_REFERENCE.exec(text);
  return entity === null ? undefined : { end: ENTITY_REFERENCE.lastIndex, name: entity[1]! };
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;');

class XmlScanner {
  at = 0;
  /** Internal general entities by name: their replacement text, undefined for an external one. */
  private readonly entities = new Map<string, string | undefined>();
  private readonly splices: { start: number; end: number; text: string }[] = [];
  private expanded = 0;
  /** Entities expanded in text so far (a billion laughs is then ten concatenations a level, not 10⁹ calls). */
  private readonly expansions = new Map<string, string>();
  /** Declared namespace prefixes in scope, with how many elements declare each. */
  private readonly prefixes = new Map<string, number>();

  /** `lenient`: errors that leave the structure readable are passed over (sniffing the root's name). */
  constructor(readonly text: string, private readonly lenient = false) {}

  private complain(at: number, message: string): void {
    if (!this.lenient) fail(at, message);
  }

  private startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.at);
  }

  private space(): number {
    const start = this.at;
    for (let c = this.text.charCodeAt(this.at); c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d; c = this.text.charCodeAt(++this.at));
    return this.at - start;
  }

  private name(): string | undefined {
    NAME.lastIndex = this.at;
    const name = NAME.exec(this.text)?.[0];
    if (name !== undefined) this.at = NAME.lastIndex;
    return name;
  }

  private expect(token: string, what: string): void {
    if (!this.startsWith(token)) fail(this.at, this.at >= this.text.length ? `the document ends inside ${what}` : `\`${token}\` expected in ${what}`);
    this.at += token.length;
  }

  /** The prolog (XML 1.0 §2.8): declaration, comments, processing instructions, white space, one doctype; stops at the root. */
  prolog(): void {
    if (this.startsWith('<?xml') && /[\s?]/.test(this.text[5] ?? '')) this.processingInstruction(true);
    let doctype = false;
    for (;;) {
      this.space();
      if (this.startsWith('<!--')) this.comment();
      else if (this.startsWith('<?')) this.processingInstruction();
      else if (this.startsWith('<!DOCTYPE')) { if (doctype) this.complain(this.at, 'a second doctype'); doctype = true; this.doctype(); } else return;
    }
  }

  /** The root element's name, when the prolog ends at a start tag. */
  rootName(): string | undefined {
    if (!this.startsWith('<')) return undefined;
    this.at++;
    return this.name();
  }

  private comment(): void {
    const start = this.at;
    const end = this.text.indexOf('-->', start + 4);
    if (end < 0) fail(start, 'a comment is not closed');
    const dashes = this.text.slice(start + 4, end + 1).indexOf('--'); // (not past its end: linear over many comments)
    if (dashes >= 0) this.complain(start + 4 + dashes, '`--` inside a comment');
    this.at = end + 3;
  }

  private processingInstruction(declaration = false): void {
    const start = this.at;
    this.at += 2;
    const target = this.name();
    if (target === undefined) fail(this.at, 'a processing instruction without a name');
    if (!declaration && target.toLowerCase() === 'xml') this.complain(start, 'an XML declaration not at the very start');
    const end = this.text.indexOf('?>', this.at);
    if (end < 0) fail(start, 'a processing instruction is not closed');
    if (end > this.at && this.space() === 0) fail(this.at, 'white space expected after a processing instruction\'s name');
    this.at = end + 2;
  }

  private quoted(what: string): string {
    const quote = this.text[this.at];
    if (quote !== '"' && quote !== "'") fail(this.at, `a quoted literal expected in ${what}`);
    const end = this.text.indexOf(quote, this.at + 1);
    if (end < 0) fail(this.at, `a literal in ${what} is not closed`);
    const value = this.text.slice(this.at + 1, end);
    this.at = end + 1;
    return value;
  }

  private doctype(): void {
    const start = this.at;
    this.at += '<!DOCTYPE'.length;
    if (this.space() === 0 || this.name() === undefined) fail(this.at, 'the doctype has no name');
    let subset = false;
    for (;;) {
      this.space();
      const c = this.text[this.at];
      if (c === '>') break;
      if (c === '"' || c === "'") this.quoted('the doctype');
      else if (c === '[' && !subset) { this.at++; this.internalSubset(); subset = true; } else if (c === undefined) fail(start, 'the doctype is not closed');
      else if (subset || this.name() === undefined) fail(this.at, 'unexpected character in the doctype');
    }
    this.at++;
    // htmlparser2 would end the doctype at the first `>` of the subset
    if (subset) this.splices.push({ start, end: this.at, text: '' });
  }

  private internalSubset(): void {
    for (;;) {
      this.space();
      if (this.startsWith(']')) { this.at++; return; }
      if (this.startsWith('<!--')) this.comment();
      else if (this.startsWith('<?')) this.processingInstruction();
      else if (this.startsWith('<!ENTITY')) this.entityDeclaration();
      else if (this.startsWith('<!')) this.markupDeclaration();
      else if (this.startsWith('%')) {
        this.at++;
        if (this.name() === undefined) fail(this.at, 'a parameter entity reference without a name');
        this.expect(';', 'a parameter entity reference');
      } else fail(this.at, this.at >= this.text.length ? 'the doctype is not closed' : 'unexpected character in the doctype\'s internal subset');
    }
  }

  /** `<!ELEMENT`, `<!ATTLIST`, `<!NOTATION`: skipped (octavo validates nothing and sets no default attributes). */
  private markupDeclaration(): void {
    const start = this.at;
    this.at += 2;
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined) fail(start, 'a declaration in the doctype is not closed');
      if (c === '>') break;
      if (c === '"' || c === "'") this.quoted('a declaration');
      else this.at++;
    }
    this.at++;
  }

  private entityDeclaration(): void {
    this.at += '<!ENTITY'.length;
    if (this.space() === 0) fail(this.at, 'white space expected in an entity declaration');
    const parameter = this.startsWith('%');
    if (parameter) { this.at++; this.space(); }
    const name = this.name();
    if (name === undefined || this.space() === 0) fail(this.at, 'an entity declaration without a name');
    let value: string | undefined;
    if (this.startsWith('"') || this.startsWith("'")) value = this.entityValue();
    else {
      const keyword = this.name();
      if (keyword !== 'SYSTEM' && keyword !== 'PUBLIC') fail(this.at, 'an entity declaration without a value');
      this.space();
      this.quoted('an entity declaration');
      if (keyword === 'PUBLIC') { this.space(); this.quoted('an entity declaration'); }
      this.space();
      if (this.name() === 'NDATA' && (this.space() === 0 || this.name() === undefined)) fail(this.at, 'NDATA without a notation name');
    }
    this.space();
    this.expect('>', 'an entity declaration');
    if (!parameter && !this.entities.has(name)) this.entities.set(name, value); // the first declaration binds
  }

  /** An entity's literal value, its character references replaced (XML 1.0 §4.5); its entity references kept. */
  private entityValue(): string {
    const start = this.at + 1;
    const literal = this.quoted('an entity declaration');
    let out = '';
    let from = 0;
    for (let amp = literal.indexOf('&'); amp >= 0; amp = literal.indexOf('&', from)) {
      const reference = readReference(literal, amp) ?? fail(start + amp, '`&` not starting a reference in an entity value');
      out += literal.slice(from, amp) + (reference.character ?? literal.slice(amp, reference.end));
      from = reference.end;
    }
    out += literal.slice(from);
    const percent = literal.indexOf('%');
    if (percent >= 0) fail(start + percent, 'a parameter entity reference inside a declaration of the internal subset');
    return out;
  }

  /** A reference in text or an attribute at `this.at`: its character, or the entity's name after checking it is declared. */
  private reference(): { character?: string; name?: string } {
    const start = this.at;
    const reference = readReference(this.text, start) ?? fail(start, '`&` not starting a reference (write `&amp;`)');
    this.at = reference.end;
    const name = reference.name;
    if (name !== undefined && !PREDEFINED.has(name) && !this.entities.has(name)) fail(start, `undefined entity \`&${name};\``);
    return name !== undefined && PREDEFINED.has(name) ? { character: PREDEFINED.get(name)! } : reference;
  }

  /** An entity's replacement in text: its references expanded in turn; markup, loops and too much text refused. */
  private expand(name: string, at: number, open: string[]): string {
    const known = this.expansions.get(name);
    if (known !== undefined) return open.length === 0 ? this.counted(known, at) : known;
    const value = this.entities.get(name);
    if (value === undefined) return ''; // external: not read
    if (open.includes(name)) fail(at, `entity \`&${name};\` refers to itself`);
    if (open.length >= MAX_ENTITY_NESTING) fail(at, `entities nested more than ${MAX_ENTITY_NESTING} deep`);
    if (value.includes('<')) fail(at, `entity \`&${name};\` holds markup, which Chromium does not read in an image`);
    let out = '';
    let from = 0;
    for (let amp = value.indexOf('&'); amp >= 0; amp = value.indexOf('&', from)) {
      const reference = readReference(value, amp)!; // checked when declared
      const inner = reference.name;
      out += value.slice(from, amp);
      if (inner === undefined) out += reference.character!;
      else if (PREDEFINED.has(inner)) out += PREDEFINED.get(inner)!;
      else if (this.entities.has(inner)) out += this.expand(inner, at, [...open, name]);
      else fail(at, `undefined entity \`&${inner};\` in entity \`&${name};\``);
      if (out.length > MAX_ENTITY_TEXT) this.counted(out, at); // refused
      from = reference.end;
    }
    out += value.slice(from);
    this.expansions.set(name, out);
    return open.length === 0 ? this.counted(out, at) : out;
  }

  /** `text` added to what the document's references expand to, refused past the budget. */
  private counted(text: string, at: number): string {
    this.expanded += text.length;
    if (this.expanded > MAX_ENTITY_TEXT || text.length > MAX_ENTITY_TEXT) fail(at, `entities expand to more than ${MAX_ENTITY_TEXT} characters`);
    return text;
  }

  /** The root element and everything in it; iterative, so that depth costs no stack. */
  root(): void {
    if (!this.startsWith('<') || this.startsWith('</')) fail(this.at, this.at >= this.text.length ? 'no root element' : 'text before the root element');
    const open: { name: string; prefixes: readonly string[] }[] = [];
    this.startTag(open);
    while (open.length > 0) {
      const c = this.text[this.at];
      if (c === undefined) fail(this.at, `\`<${open.at(-1)!.name}>\` is not closed`);
      if (c === '<') this.markup(open);
      else if (c === '&') this.textReference();
      else if (c === ']') {
        if (this.startsWith(']]>')) fail(this.at, '`]]>` in text');
        this.at++;
      } else {
        TEXT.lastIndex = this.at;
        TEXT.test(this.text);
        this.at = TEXT.lastIndex;
      }
    }
  }

  private markup(open: { name: string; prefixes: readonly string[] }[]): void {
    if (this.startsWith('</')) this.endTag(open);
    else if (this.startsWith('<!--')) this.comment();
    else if (this.startsWith('<![CDATA[')) {
      const end = this.text.indexOf(']]>', this.at);
      if (end < 0) fail(this.at, 'a CDATA section is not closed');
      this.at = end + 3;
    } else if (this.startsWith('<?')) this.processingInstruction();
    else if (this.startsWith('<!')) fail(this.at, 'a declaration inside an element');
    else this.startTag(open);
  }

  private textReference(): void {
    const start = this.at;
    const reference = this.reference();
    if (reference.name !== undefined && this.entities.has(reference.name)) {
      this.splices.push({ start, end: this.at, text: escapeText(this.expand(reference.name, start, [])) });
    }
  }

  private startTag(open: { name: string; prefixes: readonly string[] }[]): void {
    const start = this.at;
    this.at++;
    const name = this.name() ?? fail(start, '`<` not starting a tag (write `&lt;`)');
    const attributes: { name: string; at: number }[] = [];
    for (;;) {
      const spaced = this.space() > 0;
      if (this.startsWith('>') || this.startsWith('/>')) break;
      if (this.at >= this.text.length) fail(start, `the document ends inside the tag \`<${name}>\``);
      const at = this.at;
      const attribute = this.name() ?? fail(at, `unexpected character in the tag \`<${name}>\``);
      if (!spaced) fail(at, 'white space expected between attributes');
      if (attributes.some((a) => a.name === attribute)) fail(at, `attribute \`${attribute}\` given twice`);
      this.space();
      if (!this.startsWith('=')) fail(this.at, `attribute \`${attribute}\` without a value`);
      this.at++;
      this.space();
      if (!this.startsWith('"') && !this.startsWith("'")) fail(this.at, `the value of attribute \`${attribute}\` is not quoted`);
      this.attributeValue();
      attributes.push({ name: attribute, at });
    }
    const prefixes = this.declareNamespaces(attributes);
    this.checkPrefix(name, start + 1, 'element');
    for (const attribute of attributes) if (!attribute.name.startsWith('xmlns:')) this.checkPrefix(attribute.name, attribute.at, 'attribute');
    if (this.startsWith('/>')) { this.at += 2; this.undeclare(prefixes); } else { this.at++; open.push({ name, prefixes }); }
  }

  private attributeValue(): void {
    const quote = this.text[this.at]!;
    const start = this.at + 1;
    const end = this.text.indexOf(quote, start);
    if (end < 0) fail(this.at, 'an attribute value is not closed');
    const value = this.text.slice(start, end); // searched alone: a search of the text would run to its end for every attribute
    const lt = value.indexOf('<');
    if (lt >= 0) fail(start + lt, '`<` in an attribute value');
    for (let amp = value.indexOf('&'); amp >= 0; amp = value.indexOf('&', this.at - start)) {
      this.at = start + amp;
      const reference = this.reference();
      // one level, as written (Chromium): `&a;` whose value holds `&b;` gives `&b;`
      if (reference.name !== undefined && this.entities.has(reference.name)) this.splices.push({ start: start + amp, end: this.at, text: escapeAttribute(this.entities.get(reference.name) ?? '') });
    }
    this.at = end + 1;
  }

  private declareNamespaces(attributes: readonly { name: string }[]): readonly string[] {
    let declared: string[] | undefined;
    for (const { name } of attributes) {
      const prefix = name.startsWith('xmlns:') ? name.slice(6) : undefined;
      if (prefix !== undefined) (declared ??= []).push(prefix);
      if (prefix !== undefined) this.prefixes.set(prefix, (this.prefixes.get(prefix) ?? 0) + 1);
    }
    return declared ?? NONE;
  }

  private undeclare(prefixes: readonly string[]): void {
    for (const prefix of prefixes) this.prefixes.set(prefix, this.prefixes.get(prefix)! - 1);
  }

  /** Namespaces in XML 1.0 §7: at most one colon, and the prefix declared (`xml` and `xmlns` need not be). */
  private checkPrefix(name: string, at: number, what: string): void {
    const colon = name.indexOf(':');
    if (colon < 0) return;
    const prefix = name.slice(0, colon);
    if (colon === 0 || colon === name.length - 1 || name.includes(':', colon + 1)) fail(at, `${what} name \`${name}\` is not a qualified name`);
    if (prefix !== 'xml' && prefix !== 'xmlns' && (this.prefixes.get(prefix) ?? 0) === 0) fail(at, `namespace prefix \`${prefix}\` of ${what} \`${name}\` is not declared`);
  }

  private endTag(open: { name: string; prefixes: readonly string[] }[]): void {
    const start = this.at;
    this.at += 2;
    const name = this.name();
    const element = open.pop()!;
    if (name !== element.name) fail(start, `\`</${name ?? ''}>\` closes \`<${element.name}>\``);
    this.space();
    this.expect('>', 'an end tag');
    this.undeclare(element.prefixes);
  }

  /** After the root: comments, processing instructions and white space only. */
  epilogue(): void {
    for (;;) {
      this.space();
      if (this.startsWith('<!--')) this.comment();
      else if (this.startsWith('<?')) this.processingInstruction();
      else break;
    }
    if (this.at < this.text.length) fail(this.at, 'content after the root element');
  }

  /** The text with the splices made. */
  result(): string {
    if (this.splices.length === 0) return this.text;
    let out = '';
    let from = 0;
    for (const splice of this.splices) {
      out += this.text.slice(from, splice.start) + splice.text;
      from = splice.end;
    }
    return out + this.text.slice(from);
  }
}

function located(text: string, failure: NotWellFormed): XmlError {
  const at = Math.min(failure.at, text.length);
  let line = 1;
  for (let newline = text.indexOf('\n'); newline >= 0 && newline < at; newline = text.indexOf('\n', newline + 1)) line++;
  return { message: failure.message, line, column: at - text.lastIndexOf('\n', at - 1) };
}

/** Checks that `text` is a well-formed XML document and expands its internal subset's entities. */
export function checkXml(text: string): CheckedXml {
  const scanner = new XmlScanner(text);
  try {
    const bad = NOT_A_CHARACTER.exec(text);
    if (bad !== null) fail(bad.index, `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is a character XML does not allow`);
    scanner.prolog();
    scanner.root();
    scanner.epilogue();
    return { text: scanner.result() };
  } catch (error) {
    if (error instanceof NotWellFormed) return { text, error: located(text, error) };
    throw error;
  }
}

/**
 * The name of the root element of XML `text` (`svg`, `svg:svg`), read through any mix of XML
 * declaration, comments, processing instructions, white space and doctype before it, however
 * long; undefined when the text does not reach a start tag. Lenient: what checkXml would refuse
 * but still reads as a prolog is passed over, so a broken SVG is still known as one.
 */
export function xmlRootName(text: string): string | undefined {
  const scanner = new XmlScanner(text, true);
  try {
    scanner.prolog();
    return scanner.rootName();
  } catch (error) {
    if (error instanceof NotWellFormed) return undefined;
    throw error;
  }
}
