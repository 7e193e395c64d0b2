/** The commands that print or count: echo, env, head, tail, wc, exit, true, false and clear. */
import { parseOptions } from './options.ts';
import { readOperand, readsStdinOperands } from './commands-files.ts';
import type { CommandContext, CommandDef } from './shell.ts';

const NEWLINE = 0x0a;

const echo: CommandDef = {
  run(c) {
    const noNewline = c.args[0] === '-n';
    const words = noNewline ? c.args.slice(1) : c.args;
    c.io.out(`${words.join(' ')}${noNewline ? '' : '\n'}`);
    return 0;
  },
};

const env: CommandDef = {
  run(c) {
    if (c.args.length > 0) {
      c.io.err('env: running a command with a changed environment is not supported by this simulated shell\n');
      return 125;
    }
    c.io.out([...c.shell.env].map(([name, value]) => `${name}=${value}\n`).join(''));
    return 0;
  },
};

/** The count of head -n / tail -n; undefined (after the message) when it is no number. */
function lineCount(c: CommandContext, value: string | undefined): number | undefined {
  if (value === undefined) return 10;
  if (!/^\d+$/.test(value)) {
    c.io.err(`${c.name}: invalid number of lines: '${value}'\n`);
    return undefined;
  }
  return Number(value);
}

/** The first `n` lines of `bytes` (head) or the last `n` (tail), cut at newlines. */
function cutLines(bytes: Uint8Array, n: number, fromEnd: boolean): Uint8Array {
  if (!fromEnd) {
    let seen = 0;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE && ++seen === n) return bytes.subarray(0, i + 1);
    return n === 0 ? bytes.subarray(0, 0) : bytes;
  }
  if (n === 0) return bytes.subarray(0, 0);
  // A final newline ends the last line rather than starting another.
  let seen = 0;
  const last = bytes.length - 1;
  for (let i = last; i >= 0; i--) {
    if (bytes[i] === NEWLINE && i !== last && ++seen === n) return bytes.subarray(i + 1);
  }
  return bytes;
}

function headOrTail(fromEnd: boolean): CommandDef {
  return {
    readsStdin: (args) => readsStdinOperands(args, 'n'),
    run(c) {
      const opts = parseOptions(c.args, 'qv', 'n', true);
      if (opts.error) {
        c.io.err(`${c.name}: ${opts.error}\n`);
        return 1;
      }
      const n = lineCount(c, opts.values.get('n'));
      if (n === undefined) return 1;
      const operands = opts.operands.length > 0 ? opts.operands : ['-'];
      let status = 0;
      operands.forEach((operand, i) => {
        const bytes = readOperand(c, operand);
        if (bytes === undefined) {
          status = 1;
          return;
        }
        if (operands.length > 1)
          c.io.out(`${i > 0 ? '\n' : ''}==> ${operand === '-' ? 'standard input' : operand} <==\n`);
        c.io.out(cutLines(bytes, n, fromEnd));
      });
      return status;
    },
  };
}

interface Counts {
  lines: number;
  words: number;
  bytes: number;
}

function count(bytes: Uint8Array): Counts {
  let lines = 0;
  let words = 0;
  let inWord = false;
  for (const b of bytes) {
    if (b === NEWLINE) lines++;
    const space = b === 0x20 || (b >= 0x09 && b <= 0x0d);
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return { lines, words, bytes: bytes.length };
}

const wc: CommandDef = {
  readsStdin: (args) => readsStdinOperands(args),
  run(c) {
    const opts = parseOptions(c.args, 'lwc');
    if (opts.error) {
      c.io.err(`wc: ${opts.error}\n`);
      return 1;
    }
    const chosen = (['l', 'w', 'c'] as const).filter((f) => opts.flags.has(f));
    const fields = chosen.length > 0 ? chosen : (['l', 'w', 'c'] as const);
    const operands = opts.operands.length > 0 ? opts.operands : ['-'];
    const rows: { counts: Counts; name: string }[] = [];
    let status = 0;
    for (const operand of operands) {
      const bytes = readOperand(c, operand);
      if (bytes === undefined) status = 1;
      else rows.push({ counts: count(bytes), name: operand === '-' ? '' : operand });
    }
    if (rows.length > 1) {
      const total = rows.reduce(
        (t, r) => ({
          lines: t.lines + r.counts.lines,
          words: t.words + r.counts.words,
          bytes: t.bytes + r.counts.bytes,
        }),
        { lines: 0, words: 0, bytes: 0 },
      );
      rows.push({ counts: total, name: 'total' });
    }
    // As GNU wc: one number for one file is unpadded; from stdin the columns are 7 wide; else as wide as the largest.
    const fromStdin = operands.includes('-');
    const largest = Math.max(0, ...rows.map((r) => r.counts.bytes));
    const width = fields.length === 1 && rows.length === 1 ? 1 : fromStdin ? 7 : String(largest).length;
    const value = (counts: Counts, f: 'l' | 'w' | 'c') =>
      String(f === 'l' ? counts.lines : f === 'w' ? counts.words : counts.bytes).padStart(width, ' ');
    c.io.out(
      rows.map((r) => `${fields.map((f) => value(r.counts, f)).join(' ')}${r.name ? ` ${r.name}` : ''}\n`).join(''),
    );
    return status;
  },
};

const exit: CommandDef = {
  run(c) {
    const arg = c.args[0];
    if (arg === undefined) {
      c.shell.exitCode = c.shell.status;
      return c.shell.status;
    }
    if (!/^-?\d+$/.test(arg)) {
      c.io.err(`sh: exit: ${arg}: numeric argument required\n`);
      c.shell.exitCode = 2;
      return 2;
    }
    if (c.args.length > 1) {
      c.io.err('sh: exit: too many arguments\n');
      return 1;
    }
    // Exit statuses are a byte: exit 256 is 0 and exit -1 is 255.
    c.shell.exitCode = ((Number(arg) % 256) + 256) % 256;
    return c.shell.exitCode;
  },
};

const clear: CommandDef = {
  run(c) {
    c.io.out('\x1b[H\x1b[2J\x1b[3J');
    return 0;
  },
};

export const TEXT_COMMANDS: Record<string, CommandDef> = {
  echo,
  env,
  head: headOrTail(false),
  tail: headOrTail(true),
  wc,
  exit,
  true: { run: () => 0 },
  false: { run: () => 1 },
  clear,
};
