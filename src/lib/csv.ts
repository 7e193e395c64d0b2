/**
 * CSV as spreadsheets read it, for every download the console offers.
 *
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces, quotes doubled.
 * A text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is led by an
 * apostrophe, which spreadsheets show as text; a plain number such as -1.50 stays a number.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
