/**
 * Where a JSON text first goes wrong. JSON.parse (Node's and the browsers') often says only "Unexpected token";
 * this scanner finds the offset and what was expected there, so a 400, or the console's request editor, can
 * point at line and column. It stops at `maxDepth` levels of nesting so that it never recurses deeply.
 */

export interface JsonProblem {
  offset: number;
  message: string;
}

class Scanner {
  pos = 0;
  private depth = 0;
  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  fail(expected: string): never {
    const ch = this.text[this.pos];
    const found = ch === undefined ? 'the end of the body' : `"${ch}"`;
    throw { offset: this.pos, message: `expected ${expected} but found ${found}` } satisfies JsonProblem;
  }

  ws(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos]!)) this.pos++;
  }

  /** An unclosed body 100,000 deep would overflow the stack here; past the bound the body is refused anyway. */
  nested(collection: () => void): void {
    if (++this.depth > this.maxDepth) {
      throw { offset: this.pos, message: `it nests more than ${this.maxDepth} levels deep` } satisfies JsonProblem;
    }
    collection();
    this.depth--;
  }

  value(): void {
    this.ws();
    const ch = this.text[this.pos];
    if (ch === '{') return this.nested(() => this.object());
    if (ch === '[') return this.nested(() => this.array());
    if (ch === '"') return this.string();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return;
      }
    }
    this.fail('a value');
  }

  object(): void {
    this.pos++;
    this.ws();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.text[this.pos] !== '"') this.fail('a quoted property name');
      this.string();
      this.ws();
      if (this.text[this.pos] !== ':') this.fail('":"');
      this.pos++;
      this.value();
      this.ws();
      const ch = this.text[this.pos];
      if (ch === ',') this.pos++;
      else if (ch === '}') {
        this.pos++;
        return;
      } else this.fail('"," or "}"');
    }
  }

  array(): void {
    this.pos++;
    this.ws();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return;
    }
    for (;;) {
      this.value();
      this.ws();
      const ch = this.text[this.pos];
      if (ch === ',') this.pos++;
      else if (ch === ']') {
        this.pos++;
        return;
      } else this.fail('"," or "]"');
    }
  }

  string(): void {
    this.pos++;
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos]!;
      if (ch === '"') {
        this.pos++;
        return;
      }
      if (ch === '\\') this.pos++;
      else if (ch < ' ') this.fail('a closing quote (control characters must be escaped)');
      this.pos++;
    }
    this.fail('a closing quote');
  }

  number(): void {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 400));
    if (!match || match[0] === '' || match[0] === '-') this.fail('a number');
    this.pos += match[0].length;
  }

  document(): void {
    this.value();
    this.ws();
    if (this.pos < this.text.length) this.fail('the end of the body');
  }
}

/** The first problem in `text`, or undefined if it is valid JSON. */
export function findJsonProblem(text: string, maxDepth = 100): JsonProblem | undefined {
  try {
    new Scanner(text, maxDepth).document();
    return undefined;
  } catch (problem) {
    if (problem instanceof Error) return { offset: 0, message: problem.message };
    return problem as JsonProblem;
  }
}
