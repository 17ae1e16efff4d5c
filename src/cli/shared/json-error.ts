/**
 * Where a JSON text (RFC 8259) first goes wrong, as line:column, for CLI messages. Node's
 * `JSON.parse` errors do not always carry a position ("Unexpected token '}', ... is not valid
 * JSON"), so on failure the text is scanned again by this small recursive-descent validator.
 */

export interface JsonSyntaxError {
  readonly message: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
}

class Failure extends Error {
  constructor(readonly offset: number, message: string) {
    super(message);
  }
}

class Scanner {
  private at = 0;
  constructor(private readonly text: string) {}

  run(): void {
    this.skipSpace();
    this.value(0);
    this.skipSpace();
    if (this.at < this.text.length) this.fail('unexpected content after the JSON value');
  }

  private fail(message: string, offset = this.at): never {
    throw new Failure(offset, message);
  }

  private describeHere(): string {
    if (this.at >= this.text.length) return 'unexpected end of input';
    return `unexpected ${JSON.stringify(this.text[this.at])}`;
  }

  private skipSpace(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at] ?? '')) this.at++;
  }

  private value(depth: number): void {
    if (depth > 10_000) this.fail('nesting too deep');
    const char = this.text[this.at];
    if (char === '{') this.object(depth);
    else if (char === '[') this.array(depth);
    else if (char === '"') this.string();
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) this.number();
    else if (this.text.startsWith('true', this.at)) this.at += 4;
    else if (this.text.startsWith('false', this.at)) this.at += 5;
    else if (this.text.startsWith('null', this.at)) this.at += 4;
    else this.fail(`${this.describeHere()}, expected a value`);
  }

  private object(depth: number): void {
    this.at++;
    this.skipSpace();
    if (this.text[this.at] === '}') { this.at++; return; }
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] !== '"') this.fail(`${this.describeHere()}, expected a double-quoted property name`);
      this.string();
      this.skipSpace();
      if (this.text[this.at] !== ':') this.fail(`${this.describeHere()}, expected ':'`);
      this.at++;
      this.skipSpace();
      this.value(depth + 1);
      this.skipSpace();
      const next = this.text[this.at];
      if (next === '}') { this.at++; return; }
      if (next !== ',') this.fail(`${this.describeHere()}, expected ',' or '}'`);
      this.at++;
    }
  }

  private array(depth: number): void {
    this.at++;
    this.skipSpace();
    if (this.text[this.at] === ']') { this.at++; return; }
    for (;;) {
      this.skipSpace();
      this.value(depth + 1);
      this.skipSpace();
      const next = this.text[this.at];
      if (next === ']') { this.at++; return; }
      if (next !== ',') this.fail(`${this.describeHere()}, expected ',' or ']'`);
      this.at++;
    }
  }

  private string(): void {
    this.at++;
    while (this.at < this.text.length) {
      const char = this.text[this.at] ?? '';
      if (char === '"') { this.at++; return; }
      if (char < ' ') this.fail('control character in string (escape it as \\n, \\t, ...)');
      if (char === '\\') {
        const escape = this.text[this.at + 1] ?? '';
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.at + 2, this.at + 6))) this.fail('invalid \\u escape');
          this.at += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(escape) || escape === '') this.fail('invalid escape in string');
        this.at += 2;
        continue;
      }
      this.at++;
    }
    this.fail('unterminated string');
  }

  private number(): void {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/.exec(this.text.slice(this.at, this.at + 400));
    if (match === null) this.fail('invalid number');
    this.at += match[0].length;
  }
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** Parses JSON; on failure returns where and why instead of throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError } {
  const source = text.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(source) as unknown };
  } catch (error) {
    try {
      new Scanner(source).run();
    } catch (failure) {
      if (failure instanceof Failure) {
        return { ok: false, error: { message: failure.message, ...lineColumn(source, failure.offset) } };
      }
    }
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { message, line: 1, column: 1 } };
  }
}
