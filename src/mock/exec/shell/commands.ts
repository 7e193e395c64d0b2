/** Every command the simulated shell knows, by name; anything else is `command not found` (127). */
import { FILE_COMMANDS } from './commands-files.ts';
import { TEXT_COMMANDS } from './commands-text.ts';
import type { CommandDef } from './shell.ts';

const help: CommandDef = {
  run(c) {
    c.io.out(
      [
        'A simulated shell: no process runs. Its commands:',
        `  ${Object.keys(COMMANDS).sort().join(' ')}`,
        'Quote with \'\' and "", expand $VAR, write files with > and >> (no pipes).',
        '',
      ].join('\n'),
    );
    return 0;
  },
};

export const COMMANDS: Readonly<Record<string, CommandDef>> = { ...FILE_COMMANDS, ...TEXT_COMMANDS, help };
