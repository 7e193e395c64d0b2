/** Command-line options as the simulated commands take them: `-la` bundles, `-n 5` / `-n5`, `--` and operands. */

export interface ParsedOptions {
  flags: Set<string>;
  values: Map<string, string>;
  operands: string[];
  /** The first option not understood (with the message the tool prints), if any. */
  error?: string;
}

/**
 * `flags` are single letters without a value, `valued` letters that take one. A lone `-` is an operand (stdin).
 * `numericCount` lets `head -5` mean `head -n 5`, as head and tail do.
 */
export function parseOptions(args: readonly string[], flags: string, valued = '', numericCount = false): ParsedOptions {
  const out: ParsedOptions = { flags: new Set(), values: new Map(), operands: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      out.operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      out.operands.push(arg);
      continue;
    }
    if (numericCount && /^-\d+$/.test(arg)) {
      out.values.set('n', arg.slice(1));
      continue;
    }
    if (arg.startsWith('--')) {
      out.error ??= `unrecognized option '${arg}'`;
      continue;
    }
    for (let j = 1; j < arg.length; j++) {
      const letter = arg[j]!;
      if (valued.includes(letter)) {
        const rest = arg.slice(j + 1);
        const value = rest !== '' ? rest : args[++i];
        if (value === undefined) out.error ??= `option requires an argument -- '${letter}'`;
        else out.values.set(letter, value);
        break;
      }
      if (!flags.includes(letter)) {
        out.error ??= `invalid option -- '${letter}'`;
        break;
      }
      out.flags.add(letter);
    }
  }
  return out;
}
