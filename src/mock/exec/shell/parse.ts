/**
 * The simulated shell's grammar: words with '' and "" quoting, backslash escapes, $VAR, ${VAR} and $? expansion,
 * ~ for the home directory, `>` and `>>` redirection of a command's output to a file, `;` between commands and `#`
 * comments. Pipes and other operators are refused with a message rather than misread.
 */

export interface Redirect {
  path: string;
  append: boolean;
}

export interface SimpleCommand {
  argv: string[];
  redirect?: Redirect;
}

export type Parsed = { ok: true; commands: SimpleCommand[] } | { ok: false; message: string };

/** Variables as the line is expanded: the environment, plus `?` for the last exit status. */
export type Lookup = (name: string) => string | undefined;

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const UNSUPPORTED = new Set(['|', '&', '<', '(', ')', '`']);

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}
  peek(offset = 0): string | undefined {
    return this.text[this.pos + offset];
  }
  get done(): boolean {
    return this.pos >= this.text.length;
  }
}

/** `$...` at the scanner (on the `$`): the value, or a lone `$` when no name follows. */
function expand(s: Scanner, lookup: Lookup): string {
  s.pos++; // the $
  const next = s.peek();
  if (next === '?') {
    s.pos++;
    return lookup('?') ?? '0';
  }
  if (next === '{') {
    const end = s.text.indexOf('}', s.pos);
    if (end < 0) throw new SyntaxError('missing } after ${');
    const name = s.text.slice(s.pos + 1, end);
    s.pos = end + 1;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && name !== '?') throw new SyntaxError(`\${${name}}: bad substitution`);
    return lookup(name) ?? '';
  }
  NAME.lastIndex = s.pos;
  const match = NAME.exec(s.text);
  if (!match) return '$';
  s.pos += match[0].length;
  return lookup(match[0]) ?? '';
}

/** One word from the scanner; `quoted` says whether it had quotes (an empty "" is still a word). */
function word(s: Scanner, lookup: Lookup): { text: string; quoted: boolean } {
  let text = '';
  let quoted = false;
  if (s.peek() === '~' && (s.peek(1) === undefined || s.peek(1) === '/' || /\s|;/.test(s.peek(1)!))) {
    text += lookup('HOME') ?? '~';
    s.pos++;
  }
  while (!s.done) {
    const c = s.peek()!;
    if (/\s/.test(c) || c === ';' || c === '>' || UNSUPPORTED.has(c)) break;
    if (c === '\\') {
      s.pos++;
      if (!s.done) text += s.text[s.pos++];
    } else if (c === "'") {
      quoted = true;
      const end = s.text.indexOf("'", s.pos + 1);
      if (end < 0) throw new SyntaxError("unexpected end of line while looking for matching `''");
      text += s.text.slice(s.pos + 1, end);
      s.pos = end + 1;
    } else if (c === '"') {
      quoted = true;
      s.pos++;
      for (;;) {
        if (s.done) throw new SyntaxError('unexpected end of line while looking for matching `"\'');
        const d = s.peek()!;
        if (d === '"') {
          s.pos++;
          break;
        }
        if (d === '\\' && ['"', '\\', '$', '`'].includes(s.peek(1) ?? '')) {
          text += s.peek(1);
          s.pos += 2;
        } else if (d === '$') text += expand(s, lookup);
        else {
          text += d;
          s.pos++;
        }
      }
    } else if (c === '$') text += expand(s, lookup);
    else {
      text += c;
      s.pos++;
    }
  }
  return { text, quoted };
}

function parseOrThrow(line: string, lookup: Lookup): SimpleCommand[] {
  const s = new Scanner(line);
  const commands: SimpleCommand[] = [];
  let current: SimpleCommand = { argv: [] };
  const finish = (): void => {
    if (current.argv.length > 0 || current.redirect) commands.push(current);
    current = { argv: [] };
  };
  while (!s.done) {
    const c = s.peek()!;
    if (/\s/.test(c)) {
      s.pos++;
    } else if (c === '#') {
      break;
    } else if (c === ';') {
      if (current.argv.length === 0 && !current.redirect)
        throw new SyntaxError("syntax error near unexpected token `;'");
      finish();
      s.pos++;
    } else if (c === '>') {
      const append = s.peek(1) === '>';
      s.pos += append ? 2 : 1;
      while (!s.done && /\s/.test(s.peek()!)) s.pos++;
      if (s.done || s.peek() === ';' || s.peek() === '>' || UNSUPPORTED.has(s.peek()!))
        throw new SyntaxError("syntax error near unexpected token `newline'");
      const target = word(s, lookup);
      current.redirect = { path: target.text, append };
    } else if (UNSUPPORTED.has(c)) {
      const what = c === '|' ? 'pipes (|) are' : `\`${c}' is`;
      throw new SyntaxError(`${what} not supported by this simulated shell`);
    } else {
      const w = word(s, lookup);
      if (w.text !== '' || w.quoted) current.argv.push(w.text);
    }
  }
  finish();
  return commands;
}

/** Parses and expands one line; a syntax error comes back as a message in sh's words. */
export function parseLine(line: string, lookup: Lookup): Parsed {
  try {
    return { ok: true, commands: parseOrThrow(line, lookup) };
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}
