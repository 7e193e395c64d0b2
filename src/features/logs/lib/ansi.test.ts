import { describe, expect, it } from 'vitest';
import { highlight, paletteColor, segmentsOf, toSegments } from './ansi.ts';

const ESC = '\u001b[';

describe('toSegments', () => {
  it('turns SGR colours and decorations into classes of the fixed palette, without any escape left', () => {
    expect(toSegments(`${ESC}36mINFO${ESC}0m ready ${ESC}1;31mfailed${ESC}0m`)).toEqual([
      { text: 'INFO', className: 'text-cyan-300' },
      { text: ' ready ' },
      { text: 'failed', className: 'text-red-400 font-semibold' },
    ]);
  });

  it('builds 256-colour and true-colour codes as rgb() from numbers', () => {
    expect(toSegments(`${ESC}38;5;196mhot${ESC}0m`)).toEqual([{ text: 'hot', color: 'rgb(255, 0, 0)' }]);
    expect(toSegments(`${ESC}38;2;10;20;30mdeep${ESC}0m`)).toEqual([{ text: 'deep', color: 'rgb(10, 20, 30)' }]);
    expect(paletteColor(232)).toBe('rgb(8, 8, 8)');
    expect(paletteColor(7)).toBeUndefined();
  });

  it('keeps HTML as text: the segments carry the characters, nothing is parsed as markup', () => {
    const html = `${ESC}33m<script>alert(1)</script>${ESC}0m <img src=x onerror="alert(1)">`;
    const segments = toSegments(html);
    expect(segments.map((s) => s.text).join('')).toBe('<script>alert(1)</script> <img src=x onerror="alert(1)">');
    expect(segments[0]).toEqual({ text: '<script>alert(1)</script>', className: 'text-amber-300' });
  });

  it('shows the last state of a line redrawn with carriage returns, and drops a trailing one', () => {
    expect(toSegments('Downloading:  10%\rDownloading: 100%\r')).toEqual([{ text: 'Downloading: 100%' }]);
  });

  it('memoises by text', () => {
    const text = `${ESC}32mok${ESC}0m`;
    expect(segmentsOf(text)).toBe(segmentsOf(text));
  });
});

describe('highlight', () => {
  it('marks case-insensitive matches across segment boundaries, keeping each piece its colour', () => {
    const pieces = highlight(toSegments(`${ESC}36mINFO${ESC}0m info Info`), 'fo i');
    expect(pieces).toEqual([
      { text: 'IN', className: 'text-cyan-300' },
      { text: 'FO', className: 'text-cyan-300', match: true },
      { text: ' i', match: true },
      { text: 'n' },
      { text: 'fo I', match: true },
      { text: 'nfo' },
    ]);
  });

  it('returns the segments unchanged without a query or a match', () => {
    const segments = toSegments('plain');
    expect(highlight(segments, '')).toBe(segments);
    expect(highlight(segments, 'zzz')).toBe(segments);
  });
});
