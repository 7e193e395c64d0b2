/**
 * What a string field with a `pattern` accepts, in words. A schema check in the editor says this rather than the
 * regular expression: kind-schema.ts sets it as each such field's `patternErrorMessage`, which monaco-yaml shows
 * in place of 'String does not match the pattern of "^…$"'.
 * May import: libraries only.
 */

type Schema = Record<string, unknown>;

const DNS_LABEL = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$';
const MONEY = '^\\d{1,9}(\\.\\d{1,4})?$';
const IMAGE = '^[a-z0-9]([a-z0-9._/-]*[a-z0-9])?(:[A-Za-z0-9._-]{1,128}|@sha256:[a-f0-9]{64})$';
const IDENTIFIER = '^[A-Za-z_][A-Za-z0-9_]*$';
const HANDLER = '^[A-Za-z_][A-Za-z0-9_.:]*$';
const ABSOLUTE_PATH = '^/';

/** The API's patterns, each said as what a value must be; `max` is the field's maxLength, when it has one. */
const KNOWN: Record<string, (max: number | undefined) => string> = {
  [DNS_LABEL]: (max) =>
    `lowercase letters, digits and "-", starting and ending with a letter or digit, at most ${max ?? 63} characters`,
  [MONEY]: () => 'a decimal amount in USD such as "40.00": up to 9 digits, then optionally "." and up to 4 more',
  [IMAGE]: () =>
    'an image with a tag or a digest, such as "nodus/pytorch:2.8-cuda12.8": a lowercase name, then ":tag" or "@sha256:…"',
  [IDENTIFIER]: () => 'letters, digits and "_", not starting with a digit, such as "LOG_LEVEL"',
  [HANDLER]: () => 'letters, digits, "_", "." and ":", not starting with a digit, such as "app.handler"',
  [ABSOLUTE_PATH]: () => 'an absolute path, starting with "/", such as "/data"',
};

function example(schema: Schema): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return schema.example;
}

/** A sentence for a value that does not match `schema.pattern`; it never quotes the pattern itself. */
export function patternMessage(schema: Schema): string {
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : '';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const known = KNOWN[pattern];
  if (known) return `Must be ${known(max)}.`;
  const sample = example(schema);
  if (typeof sample === 'string') return `Not in the form this field takes: write it like "${sample}".`;
  return "Not in the form this field takes: its description (hover over the field's name) says what it accepts.";
}
