/**
 * The texts of Warning headers (RFC 7234: `299 - "text"`, several joined by commas, or several headers, which
 * fetch joins the same way). Text outside quotes is kept as it is rather than dropped.
 */
export function parseWarnings(header: string | null | undefined): string[] {
  if (!header) return [];
  const out: string[] = [];
  const re = /\s*(\d{3})\s+(\S+)\s+"((?:[^"\\]|\\.)*)"(?:\s+"[^"]*")?\s*(?:,|$)/gy;
  let match: RegExpExecArray | null;
  let last = 0;
  while ((match = re.exec(header)) !== null) {
    out.push((match[3] ?? '').replace(/\\(.)/g, '$1'));
    last = re.lastIndex;
    if (last >= header.length) break;
  }
  const rest = header.slice(last).trim();
  if (rest) out.push(rest);
  return out;
}
