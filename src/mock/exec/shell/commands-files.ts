/** The commands that work on the file tree: ls, cd, pwd, cat, mkdir, rm and touch, with GNU's messages. */
import type { FileEntry } from '../../files/tree.ts';
import { parseOptions } from './options.ts';
import { fileErrorText } from './paths.ts';
import type { CommandContext, CommandDef } from './shell.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Dec  4 12:45`, as ls -l shows a recent time (in UTC: the Sandbox's clock). */
function lsTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '            ';
  const day = String(d.getUTCDate()).padStart(2, ' ');
  const time = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${MONTHS[d.getUTCMonth()]} ${day} ${time}`;
}

function usageError(c: CommandContext, message: string, status: number): number {
  c.io.err(`${c.name}: ${message}\nTry '${c.name} --help' for more information.\n`);
  return status;
}

function longLines(c: CommandContext, entries: FileEntry[]): string[] {
  const width = Math.max(1, ...entries.map((e) => String(e.type === 'directory' ? 4096 : e.size).length));
  return entries.map((e) => {
    const dir = e.type === 'directory';
    const mode = dir ? 'drwxr-xr-x' : '-rw-r--r--';
    const size = String(dir ? 4096 : e.size).padStart(width, ' ');
    return `${mode} 1 ${c.shell.user} ${c.shell.user} ${size} ${lsTime(e.modified)} ${e.name}`;
  });
}

function listing(c: CommandContext, entries: FileEntry[], long: boolean): string {
  if (entries.length === 0) return '';
  if (long) return `${longLines(c, entries).join('\n')}\n`;
  return c.shell.terminal ? `${entries.map((e) => e.name).join('  ')}\n` : `${entries.map((e) => e.name).join('\n')}\n`;
}

const ls: CommandDef = {
  run(c) {
    const opts = parseOptions(c.args, 'laA1');
    if (opts.error) return usageError(c, opts.error, 2);
    const all = opts.flags.has('a');
    const long = opts.flags.has('l');
    const operands = opts.operands.length > 0 ? opts.operands : ['.'];
    let status = 0;
    const files: FileEntry[] = [];
    const dirs: { shown: string; path: string }[] = [];
    for (const operand of operands) {
      const path = c.shell.resolve(operand);
      const entry = c.shell.tree.stat(path);
      if (!entry) {
        c.io.err(`ls: cannot access '${operand}': No such file or directory\n`);
        status = 2;
      } else if (entry.type === 'directory') dirs.push({ shown: operand, path });
      else files.push({ ...entry, name: operand });
    }
    const parts: string[] = [];
    if (files.length > 0) parts.push(listing(c, files, long));
    for (const dir of dirs) {
      let entries: FileEntry[];
      try {
        entries = c.shell.tree.list(dir.path);
      } catch (error) {
        c.io.err(`ls: cannot open directory '${dir.shown}': ${fileErrorText(error)}\n`);
        status = 2;
        continue;
      }
      entries = entries.filter((e) => all || opts.flags.has('A') || !e.name.startsWith('.'));
      if (all) {
        const self = c.shell.tree.stat(dir.path)!;
        entries = [{ ...self, name: '.' }, { ...self, name: '..' }, ...entries];
      }
      const head = operands.length > 1 ? `${dir.shown}:\n` : '';
      const blocks = entries.reduce((sum, e) => sum + 4 * Math.ceil((e.type === 'file' ? e.size : 4096) / 4096), 0);
      parts.push(`${head}${long ? `total ${blocks}\n` : ''}${listing(c, entries, long)}`);
    }
    c.io.out(parts.join('\n'));
    return status;
  },
};

const cd: CommandDef = {
  run(c) {
    if (c.args.length > 1) {
      c.io.err('sh: cd: too many arguments\n');
      return 1;
    }
    const arg = c.args[0];
    const target = arg === undefined ? c.shell.home : arg === '-' ? (c.shell.env.get('OLDPWD') ?? c.shell.cwd) : arg;
    const path = c.shell.resolve(target);
    const entry = c.shell.tree.stat(path);
    if (!entry) {
      c.io.err(`sh: cd: ${target}: No such file or directory\n`);
      return 1;
    }
    if (entry.type !== 'directory') {
      c.io.err(`sh: cd: ${target}: Not a directory\n`);
      return 1;
    }
    c.shell.setCwd(path);
    if (arg === '-') c.io.out(`${path}\n`);
    return 0;
  },
};

const pwd: CommandDef = {
  run(c) {
    c.io.out(`${c.shell.cwd}\n`);
    return 0;
  },
};

/** Operands of cat, head, tail and wc: none (or `-`) means stdin. */
export function readsStdinOperands(args: string[], valued = ''): boolean {
  const opts = parseOptions(args, 'lwcaA1', valued, true);
  return opts.operands.length === 0 || opts.operands.includes('-');
}

/** A file's bytes, `-` for stdin; undefined (after the message) when it cannot be read. */
export function readOperand(c: CommandContext, operand: string): Uint8Array | undefined {
  if (operand === '-') return c.stdin;
  const path = c.shell.resolve(operand);
  const entry = c.shell.tree.stat(path);
  if (entry?.type === 'directory') {
    c.io.err(`${c.name}: ${operand}: Is a directory\n`);
    return undefined;
  }
  try {
    return c.shell.tree.read(path);
  } catch (error) {
    c.io.err(`${c.name}: ${operand}: ${fileErrorText(error)}\n`);
    return undefined;
  }
}

const cat: CommandDef = {
  readsStdin: (args) => readsStdinOperands(args),
  run(c) {
    const opts = parseOptions(c.args, '');
    if (opts.error) return usageError(c, opts.error, 1);
    let status = 0;
    for (const operand of opts.operands.length > 0 ? opts.operands : ['-']) {
      const bytes = readOperand(c, operand);
      if (bytes === undefined) status = 1;
      else if (bytes.length > 0) c.io.out(bytes);
    }
    return status;
  },
};

const mkdir: CommandDef = {
  run(c) {
    const opts = parseOptions(c.args, 'p');
    if (opts.error) return usageError(c, opts.error, 1);
    if (opts.operands.length === 0) return usageError(c, 'missing operand', 1);
    let status = 0;
    for (const operand of opts.operands) {
      try {
        c.shell.tree.mkdir(c.shell.resolve(operand), { parents: opts.flags.has('p') });
      } catch (error) {
        c.io.err(`mkdir: cannot create directory '${operand}': ${fileErrorText(error)}\n`);
        status = 1;
      }
    }
    return status;
  },
};

const rm: CommandDef = {
  run(c) {
    const opts = parseOptions(c.args, 'rRfv');
    if (opts.error) return usageError(c, opts.error, 1);
    const recursive = opts.flags.has('r') || opts.flags.has('R');
    const force = opts.flags.has('f');
    if (opts.operands.length === 0) return force ? 0 : usageError(c, 'missing operand', 1);
    let status = 0;
    for (const operand of opts.operands) {
      const path = c.shell.resolve(operand);
      const last = operand.replace(/\/+$/, '').split('/').pop();
      if (last === '.' || last === '..') {
        c.io.err(`rm: refusing to remove '.' or '..' directory: skipping '${operand}'\n`);
        status = 1;
        continue;
      }
      if (path === '/') {
        c.io.err(`rm: it is dangerous to operate recursively on '/'\n`);
        status = 1;
        continue;
      }
      const entry = c.shell.tree.stat(path);
      if (!entry) {
        if (!force) {
          c.io.err(`rm: cannot remove '${operand}': No such file or directory\n`);
          status = 1;
        }
        continue;
      }
      if (entry.type === 'directory' && !recursive) {
        c.io.err(`rm: cannot remove '${operand}': Is a directory\n`);
        status = 1;
        continue;
      }
      try {
        c.shell.tree.remove(path, { recursive });
        if (opts.flags.has('v')) c.io.out(`removed '${operand}'\n`);
      } catch (error) {
        c.io.err(`rm: cannot remove '${operand}': ${fileErrorText(error)}\n`);
        status = 1;
      }
    }
    return status;
  },
};

const touch: CommandDef = {
  run(c) {
    const opts = parseOptions(c.args, '');
    if (opts.error) return usageError(c, opts.error, 1);
    if (opts.operands.length === 0) return usageError(c, 'missing file operand', 1);
    let status = 0;
    for (const operand of opts.operands) {
      const path = c.shell.resolve(operand);
      if (c.shell.tree.stat(path)?.type === 'directory') continue;
      try {
        // Appending nothing creates the file, or gives an existing one a new modification time.
        c.shell.tree.write(path, new Uint8Array(0), { append: true });
      } catch (error) {
        c.io.err(`touch: cannot touch '${operand}': ${fileErrorText(error)}\n`);
        status = 1;
      }
    }
    return status;
  },
};

export const FILE_COMMANDS: Record<string, CommandDef> = { ls, cd, pwd, cat, mkdir, rm, touch };
