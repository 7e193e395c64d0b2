/**
 * The exec subresource's query, read as kube-apiserver reads a PodExecOptions: `command` repeated, one argv element
 * each; stdin, stdout, stderr and tty as booleans. At least one stream must be asked for. A terminal has no separate
 * stderr, so with tty=true stderr is dropped, as the kubelet does (its output goes to the terminal, on stdout).
 * There is no `container` to choose: a Sandbox is one container, and the parameter is ignored.
 */
import { parseBoolParam } from '../http/booleans.ts';
import { ApiFailure } from '../http/errors.ts';

export interface ExecOptions {
  command: string[];
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
  tty: boolean;
}

const MAX_ARGS = 256;
const MAX_ARG_CHARS = 8 * 1024;

export function parseExecOptions(params: URLSearchParams): ExecOptions {
  const command = params.getAll('command');
  if (command.length === 0 || command[0] === '')
    throw new ApiFailure('BadRequest', 'you must specify at least one command: the query has no command parameter', {
      fix: 'Add command=sh for a shell, or one command parameter per word (command=ls&command=-l).',
    });
  if (command.length > MAX_ARGS || command.some((arg) => arg.length > MAX_ARG_CHARS))
    throw new ApiFailure(
      'BadRequest',
      `the command is too long (at most ${MAX_ARGS} words of ${MAX_ARG_CHARS} characters)`,
      {
        fix: 'Send a shorter command; write long input to stdin instead.',
      },
    );
  const stdin = parseBoolParam('stdin', params.get('stdin'));
  const stdout = parseBoolParam('stdout', params.get('stdout'));
  const tty = parseBoolParam('tty', params.get('tty'));
  const stderr = parseBoolParam('stderr', params.get('stderr')) && !tty;
  if (!stdin && !stdout && !stderr)
    throw new ApiFailure('BadRequest', 'you must specify at least 1 of stdin, stdout, stderr', {
      fix: 'Add stdout=true (and stdin=true&tty=true for an interactive shell).',
    });
  return { command, stdin, stdout, stderr, tty };
}
