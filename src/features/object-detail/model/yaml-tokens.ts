/**
 * Colours for the read-only YAML tab without loading the editor: a line-by-line reading of the block-style
 * YAML the tab draws (yaml's `stringify`), into keys, values by type, and punctuation. The pieces join back
 * to the exact text, so what is selected or copied is the YAML itself.
 */
export type YamlTokenKind = 'key' | 'string' | 'number' | 'literal' | 'punct' | 'comment' | 'plain';

export interface YamlToken {
  kind: YamlTokenKind;
  text: string;
}

// An indent, an optional "- " (several for nested lists), then a plain or quoted key and its colon.
const KEYED = /^(\s*(?:- )*)("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"-][^:#]*?|-[^\s:#][^:#]*?)(:)(?=\s|$)(.*)$/;
const ITEM = /^(\s*(?:- )+)(.*)$/;
const NUMBER = /^[-+]?(?:\d[\d_]*(?:\.\d*)?(?:e[-+]?\d+)?|\.inf|\.nan)$/i;
const LITERAL = /^(?:true|false|null|~|yes|no)$/i;
const BLOCK = /^[|>][-+]?\d*$/;

function valueTokens(value: string): YamlToken[] {
  const lead = value.match(/^\s*/)![0];
  const body = value.slice(lead.length);
  const out: YamlToken[] = lead ? [{ kind: 'plain', text: lead }] : [];
  if (!body) return out;
  if (body.startsWith('#')) return [...out, { kind: 'comment', text: body }];
  const kind: YamlTokenKind =
    body.startsWith('"') || body.startsWith("'")
      ? 'string'
      : NUMBER.test(body)
        ? 'number'
        : LITERAL.test(body)
          ? 'literal'
          : body === '[]' || body === '{}' || BLOCK.test(body)
            ? 'punct'
            : 'string';
  return [...out, { kind, text: body }];
}

/** The tokens of each line, in order; a block scalar's lines (after `|` or `>`) are strings. */
export function yamlLines(text: string): YamlToken[][] {
  const lines = text.split('\n');
  let blockIndent = -1;
  return lines.map((line) => {
    const indent = line.match(/^\s*/)![0].length;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) return line ? [{ kind: 'string', text: line }] : [];
      blockIndent = -1;
    }
    const keyed = KEYED.exec(line);
    if (keyed) {
      const [, prefix = '', key = '', colon = '', rest = ''] = keyed;
      if (BLOCK.test(rest.trim())) blockIndent = prefix.length;
      return [
        ...(prefix ? [{ kind: 'punct' as const, text: prefix }] : []),
        { kind: 'key' as const, text: key },
        { kind: 'punct' as const, text: colon },
        ...valueTokens(rest),
      ];
    }
    const item = ITEM.exec(line);
    if (item) {
      const [, prefix = '', rest = ''] = item;
      if (BLOCK.test(rest.trim())) blockIndent = prefix.length - 2;
      return [{ kind: 'punct', text: prefix }, ...valueTokens(rest)];
    }
    return line ? valueTokens(line) : [];
  });
}
