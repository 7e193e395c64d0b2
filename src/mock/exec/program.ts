/**
 * What an exec session runs, between its streams and the simulated shell: `sh` (or `bash`) with a terminal is an
 * interactive shell with a prompt and line editing; `sh` without one reads commands from stdin, a line at a time;
 * `sh -c '...'` runs that line; `sh <file>` runs the file's lines; any other command runs once, as the words given
 * (a command that reads stdin, such as `cat`, reads it to its end first). Output is flushed after every line, so a
 * client that reads slowly holds back the input behind it rather than the server's memory.
 */
import type { ExecOptions } from './options.ts';
import { fileErrorText } from './shell/paths.ts';
import type { Shell, ShellIO } from './shell/shell.ts';
import { LineEditor } from './terminal.ts';

export interface ProgramIO {
  write(stream: 'out' | 'err', data: string | Uint8Array): void;
  /** Resolves once what was written has been handed to the connection. */
  flush(): Promise<void>;
}

/** The most stdin a one-shot command (`cat`, `wc`...) collects before it runs. */
export const MAX_STDIN_BYTES = 8 * 1024 * 1024;

const SHELLS = new Set(['sh', 'bash', '/bin/sh', '/bin/bash']);

type Mode =
  | { type: 'interactive' }
  | { type: 'lines' }
  | { type: 'script'; text: string }
  | { type: 'file'; path: string }
  | { type: 'usage'; message: string }
  | { type: 'once'; argv: string[] };

function modeOf(options: ExecOptions): Mode {
  const [name = '', first, second] = options.command;
  if (!SHELLS.has(name)) return { type: 'once', argv: options.command };
  if (first === undefined || first === '-i' || first === '-l' || first === '-il' || first === '-li')
    return options.tty ? { type: 'interactive' } : { type: 'lines' };
  if (first === '-c')
    return second === undefined
      ? { type: 'usage', message: 'sh: -c: option requires an argument\n' }
      : { type: 'script', text: second };
  if (first.startsWith('-')) return { type: 'usage', message: `sh: ${first}: invalid option\n` };
  return { type: 'file', path: first };
}

export class ShellProgram {
  private readonly mode: Mode;
  private readonly editor = new LineEditor();
  private readonly decoder = new TextDecoder();
  private pending = '';
  private stdin: Uint8Array[] = [];
  private stdinBytes = 0;
  private finished: ((code: number) => void) | undefined;
  /** Resolves with the exit status once the program has ended. */
  readonly done: Promise<number>;
  private ended = false;

  constructor(
    private readonly shell: Shell,
    private readonly options: ExecOptions,
    private readonly io: ProgramIO,
    private readonly name: string,
  ) {
    this.mode = modeOf(options);
    this.done = new Promise((resolve) => (this.finished = resolve));
  }

  private get shellIO(): ShellIO {
    return { out: (data) => this.io.write('out', data), err: (text) => this.io.write('err', text) };
  }

  private async finish(code: number): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.io.flush();
    this.finished?.(code);
  }

  get running(): boolean {
    return !this.ended;
  }

  async start(): Promise<void> {
    const mode = this.mode;
    switch (mode.type) {
      case 'interactive':
        this.io.write(
          'out',
          `A simulated shell in ${this.name}: no process runs; type help for its commands.\n${this.shell.prompt()}`,
        );
        await this.io.flush();
        if (!this.options.stdin) await this.endOfInput();
        return;
      case 'lines':
        if (!this.options.stdin) await this.finish(0);
        return;
      case 'script':
        return this.runLines([mode.text]);
      case 'file': {
        let text: string;
        try {
          text = Buffer.from(this.shell.tree.read(this.shell.resolve(mode.path))).toString('utf8');
        } catch (error) {
          this.io.write('err', `sh: ${mode.path}: ${fileErrorText(error)}\n`);
          return this.finish(127);
        }
        return this.runLines(text.split('\n'));
      }
      case 'usage':
        this.io.write('err', mode.message);
        return this.finish(2);
      case 'once':
        // A command that reads stdin waits for all of it; any other runs at once.
        if (this.options.stdin && this.shell.readsStdin(mode.argv)) return;
        this.shell.runArgv(mode.argv, this.shellIO);
        return this.finish(this.shell.status);
    }
  }

  /** Runs lines one after another, flushing between them, until one exits. */
  private async runLines(lines: readonly string[]): Promise<void> {
    for (const line of lines) {
      this.shell.runLine(line, this.shellIO);
      await this.io.flush();
      if (this.shell.exitCode !== undefined) return this.finish(this.shell.exitCode);
    }
    return this.finish(this.shell.status);
  }

  /** Bytes that arrived on stdin. */
  async input(data: Uint8Array): Promise<void> {
    if (this.ended) return;
    const mode = this.mode;
    if (mode.type === 'once') {
      this.stdinBytes += data.length;
      if (this.stdinBytes > MAX_STDIN_BYTES) {
        this.io.write('err', `${mode.argv[0]}: standard input is larger than this shell reads (8 MiB)\n`);
        return this.finish(1);
      }
      this.stdin.push(data);
      return;
    }
    if (mode.type === 'lines') {
      this.pending += this.decoder.decode(data, { stream: true });
      const lines = this.pending.split('\n');
      this.pending = lines.pop()!;
      for (const line of lines) {
        this.shell.runLine(line, this.shellIO);
        await this.io.flush();
        if (this.shell.exitCode !== undefined) return this.finish(this.shell.exitCode);
      }
      return;
    }
    if (mode.type === 'interactive') return this.typed(this.decoder.decode(data, { stream: true }));
  }

  private async typed(text: string): Promise<void> {
    for (const action of this.editor.feed(text)) {
      if (this.ended) return;
      if (action.type === 'echo') this.io.write('out', action.text);
      else if (action.type === 'interrupt') {
        this.shell.status = 130;
        this.io.write('out', this.shell.prompt());
      } else if (action.type === 'eof') {
        this.io.write('out', 'exit\n');
        return this.finish(this.shell.status);
      } else {
        this.shell.runLine(action.text, this.shellIO);
        if (this.shell.exitCode !== undefined) {
          this.io.write('out', 'exit\n');
          return this.finish(this.shell.exitCode);
        }
        this.io.write('out', this.shell.prompt());
        await this.io.flush();
      }
    }
    await this.io.flush();
  }

  /** stdin has ended (the client closed it, or never asked for it). */
  async endOfInput(): Promise<void> {
    if (this.ended) return;
    const mode = this.mode;
    if (mode.type === 'once') {
      this.shell.runArgv(mode.argv, this.shellIO, Buffer.concat(this.stdin));
      this.stdin = [];
      return this.finish(this.shell.status);
    }
    if (mode.type === 'lines') {
      const rest = this.pending + this.decoder.decode();
      this.pending = '';
      return this.runLines(rest === '' ? [] : [rest]);
    }
    if (mode.type === 'interactive') {
      this.io.write('out', 'exit\n');
      return this.finish(this.shell.status);
    }
  }

  resize(width: number, height: number): void {
    this.shell.setSize(width, height);
  }
}
