/**
 * The simulated shell: an interpreter over a Sandbox's file tree that never runs a process of the host (the demo
 * key is public). It runs one line at a time and keeps what a shell keeps between lines: the working directory,
 * the environment and the last exit status. Reading the terminal, echo and prompts are the session's (terminal.ts).
 */
import type { FileTree } from '../../files/tree.ts';
import { COMMANDS } from './commands.ts';
import { parseLine, type SimpleCommand } from './parse.ts';
import { fileErrorText, resolvePath, shortPath } from './paths.ts';

/** Where a command's output goes: stdout takes text or bytes, stderr text. */
export interface ShellIO {
  out(data: string | Uint8Array): void;
  err(text: string): void;
}

export interface ShellOptions {
  tree: FileTree;
  /** The object's own variables (spec.env), over the shell's defaults. */
  env: ReadonlyArray<{ name: string; value: string }>;
  user: string;
  hostname: string;
  home: string;
  /** Whether output goes to a terminal: `ls` then lists names on one line, as it does for a person. */
  terminal: boolean;
}

/** What a command gets: its arguments, its streams, and the shell it runs in. */
export interface CommandContext {
  name: string;
  args: string[];
  shell: Shell;
  io: ShellIO;
  /** Everything on stdin, for the commands that read it (empty when no stdin was asked for). */
  stdin: Uint8Array;
}

export interface CommandDef {
  run(c: CommandContext): number;
  /** Whether it reads stdin with these arguments (cat with no file does): a one-shot command waits for stdin's end. */
  readsStdin?(args: string[]): boolean;
}

const EMPTY = new Uint8Array(0);

export class Shell {
  readonly tree: FileTree;
  readonly user: string;
  readonly hostname: string;
  readonly home: string;
  readonly terminal: boolean;
  readonly env = new Map<string, string>();
  cwd: string;
  /** The last command's exit status ($?). */
  status = 0;
  /** Set by `exit` (and by Ctrl-D at the prompt): the shell is done, with this status. */
  exitCode: number | undefined;

  constructor(options: ShellOptions) {
    this.tree = options.tree;
    this.user = options.user;
    this.hostname = options.hostname;
    this.home = options.home;
    this.terminal = options.terminal;
    for (const [name, value] of [
      ['HOSTNAME', options.hostname],
      ['HOME', options.home],
      ['USER', options.user],
      ['SHELL', '/bin/sh'],
      ['PATH', '/usr/local/bin:/usr/bin:/bin'],
    ] as const)
      this.env.set(name, value);
    if (options.terminal) this.env.set('TERM', 'xterm-256color');
    for (const { name, value } of options.env) this.env.set(name, value);
    this.cwd = this.prepareHome();
    this.env.set('PWD', this.cwd);
  }

  /** Home if it exists or can be made, else the root: a read-only disk still gets a shell. */
  private prepareHome(): string {
    try {
      if (this.tree.stat(this.home)?.type !== 'directory') this.tree.mkdir(this.home, { parents: true });
      return this.home;
    } catch {
      return '/';
    }
  }

  /** Where a path given to a command points. */
  resolve(path: string): string {
    return resolvePath(this.cwd, path);
  }

  setCwd(path: string): void {
    this.env.set('OLDPWD', this.cwd);
    this.cwd = path;
    this.env.set('PWD', path);
  }

  /** A terminal's size, which `env` shows as COLUMNS and LINES (the resize channel sets it). */
  setSize(columns: number, lines: number): void {
    this.env.set('COLUMNS', String(columns));
    this.env.set('LINES', String(lines));
  }

  /** `user@host:~/dir$ ` in the colours of Debian's default bash prompt. */
  prompt(): string {
    const where = shortPath(this.cwd, this.home);
    return `\x1b[01;32m${this.user}@${this.hostname}\x1b[00m:\x1b[01;34m${where}\x1b[00m$ `;
  }

  /** Runs one line of input; the status is in `status` afterwards. */
  runLine(line: string, io: ShellIO, stdin: Uint8Array = EMPTY): void {
    const parsed = parseLine(line, (name) => (name === '?' ? String(this.status) : this.env.get(name)));
    if (!parsed.ok) {
      io.err(`sh: ${parsed.message}\n`);
      this.status = 2;
      return;
    }
    for (const command of parsed.commands) {
      this.runCommand(command, io, stdin);
      if (this.exitCode !== undefined) return;
    }
  }

  /** Whether these words, run as a command, would read stdin. */
  readsStdin(argv: readonly string[]): boolean {
    const def = COMMANDS[argv[0] ?? ''];
    return def?.readsStdin?.(argv.slice(1)) ?? false;
  }

  /** Runs one command given as words, without expansion (the exec subresource's `command=` values). */
  runArgv(argv: readonly string[], io: ShellIO, stdin: Uint8Array = EMPTY): number {
    const [name = '', ...args] = argv;
    const def = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!def) {
      io.err(`sh: ${name}: command not found\n`);
      this.status = 127;
      return this.status;
    }
    this.status = def.run({ name, args, shell: this, io, stdin });
    return this.status;
  }

  private runCommand(command: SimpleCommand, io: ShellIO, stdin: Uint8Array): void {
    if (!command.redirect) {
      if (command.argv.length > 0) this.runArgv(command.argv, io, stdin);
      return;
    }
    const { path, append } = command.redirect;
    const target = this.resolve(path);
    if (this.tree.stat(target)?.type === 'directory') {
      io.err(`sh: ${path}: Is a directory\n`);
      this.status = 1;
      return;
    }
    try {
      // As a shell does: the file is created (or emptied) before the command runs, even if it fails.
      this.tree.write(target, EMPTY, { append });
    } catch (error) {
      io.err(`sh: ${path}: ${fileErrorText(error)}\n`);
      this.status = 1;
      return;
    }
    const captured: Uint8Array[] = [];
    const encoder = new TextEncoder();
    const toFile: ShellIO = {
      out: (data) => captured.push(typeof data === 'string' ? encoder.encode(data) : data),
      err: (text) => io.err(text),
    };
    if (command.argv.length > 0) this.runArgv(command.argv, toFile, stdin);
    else this.status = 0;
    if (captured.length === 0) return;
    try {
      this.tree.write(target, Buffer.concat(captured), { append: true });
    } catch (error) {
      io.err(`sh: ${path}: ${fileErrorText(error)}\n`);
      this.status = 1;
    }
  }
}
