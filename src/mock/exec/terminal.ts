/**
 * A terminal's line discipline for the simulated shell, as a pty in canonical mode gives a real one: what is typed
 * is echoed and edited (backspace, Ctrl-U) until Enter, Ctrl-C abandons the line (^C), Ctrl-D on an empty line is
 * the end of input, and escape sequences (arrow keys) are swallowed rather than echoed as garbage.
 */

export type TerminalAction =
  { type: 'echo'; text: string } | { type: 'line'; text: string } | { type: 'interrupt' } | { type: 'eof' };

const ENTER = '\r';
const NEWLINE = '\n';
const BACKSPACE = ['\x7f', '\b'];
const CTRL_C = '\x03';
const CTRL_D = '\x04';
const CTRL_U = '\x15';
const ESC = '\x1b';

export class LineEditor {
  private line: string[] = [];
  /** Inside an escape sequence: 'esc' after ESC, 'csi' after ESC [ (until its final byte), 'ss3' after ESC O. */
  private escape: 'esc' | 'csi' | 'ss3' | undefined;
  /** The last key was Enter as CR: a LF right after it is the same Enter (CRLF, as pasted text may have). */
  private afterCr = false;

  /** What typing `input` does, in order. */
  feed(input: string): TerminalAction[] {
    const actions: TerminalAction[] = [];
    let echo = '';
    const flushEcho = (): void => {
      if (echo !== '') actions.push({ type: 'echo', text: echo });
      echo = '';
    };
    for (const ch of input) {
      const afterCr = this.afterCr;
      this.afterCr = false;
      if (this.escape !== undefined) {
        this.escape = this.nextEscape(this.escape, ch);
        continue;
      }
      if (ch === ESC) {
        this.escape = 'esc';
      } else if (ch === ENTER || ch === NEWLINE) {
        if (ch === NEWLINE && afterCr) continue;
        this.afterCr = ch === ENTER;
        echo += '\r\n';
        flushEcho();
        actions.push({ type: 'line', text: this.line.join('') });
        this.line = [];
      } else if (BACKSPACE.includes(ch)) {
        if (this.line.pop() !== undefined) echo += '\b \b';
      } else if (ch === CTRL_U) {
        echo += '\b \b'.repeat(this.line.length);
        this.line = [];
      } else if (ch === CTRL_C) {
        echo += '^C\r\n';
        flushEcho();
        this.line = [];
        actions.push({ type: 'interrupt' });
      } else if (ch === CTRL_D) {
        if (this.line.length === 0) {
          flushEcho();
          actions.push({ type: 'eof' });
        }
      } else if (ch === '\t') {
        // No completion: a tab is typed as a space would be read, and shown as one.
        this.line.push(' ');
        echo += ' ';
      } else if (ch >= ' ') {
        this.line.push(ch);
        echo += ch;
      }
    }
    flushEcho();
    return actions;
  }

  private nextEscape(state: 'esc' | 'csi' | 'ss3', ch: string): 'esc' | 'csi' | 'ss3' | undefined {
    if (state === 'esc') return ch === '[' ? 'csi' : ch === 'O' ? 'ss3' : undefined;
    if (state === 'ss3') return undefined;
    // A control sequence ends at its final byte, @ to ~.
    return ch >= '@' && ch <= '~' ? undefined : 'csi';
  }
}
