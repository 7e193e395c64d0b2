import { describe, expect, it } from 'vitest';
import { LineEditor } from './terminal.ts';
import { onlcr } from './wire.ts';

describe('the line editor', () => {
  it('echoes what is typed and hands over the line on Enter', () => {
    const editor = new LineEditor();
    expect(editor.feed('ls')).toEqual([{ type: 'echo', text: 'ls' }]);
    expect(editor.feed(' -l\r')).toEqual([
      { type: 'echo', text: ' -l\r\n' },
      { type: 'line', text: 'ls -l' },
    ]);
  });

  it('erases with backspace and Ctrl-U, and swallows arrow keys', () => {
    const editor = new LineEditor();
    expect(editor.feed('lx\x7fs\x1b[A\x1bOB\r')).toEqual([
      { type: 'echo', text: 'lx\b \bs\r\n' },
      { type: 'line', text: 'ls' },
    ]);
    expect(editor.feed('abc\x15pwd\n')).toEqual([
      { type: 'echo', text: 'abc\b \b\b \b\b \bpwd\r\n' },
      { type: 'line', text: 'pwd' },
    ]);
  });

  it('abandons the line on Ctrl-C and ends on Ctrl-D at an empty line only', () => {
    const editor = new LineEditor();
    expect(editor.feed('sleep\x03')).toEqual([{ type: 'echo', text: 'sleep^C\r\n' }, { type: 'interrupt' }]);
    expect(editor.feed('x\x04')).toEqual([{ type: 'echo', text: 'x' }]);
    expect(editor.feed('\x7f\x04')).toEqual([{ type: 'echo', text: '\b \b' }, { type: 'eof' }]);
  });

  it('takes CR LF as one Enter', () => {
    const editor = new LineEditor();
    expect(editor.feed('a\r\nb\r\n').filter((a) => a.type === 'line')).toEqual([
      { type: 'line', text: 'a' },
      { type: 'line', text: 'b' },
    ]);
  });
});

describe('onlcr', () => {
  it('turns bare LFs into CR LF and leaves CR LF alone', () => {
    expect(Buffer.from(onlcr(Buffer.from('a\nb\r\nc\n'))).toString()).toBe('a\r\nb\r\nc\r\n');
  });
});
