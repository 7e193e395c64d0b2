/**
 * How a row's keyboard cursor is drawn, read from the browser: its outline (style, width) and the contrast of
 * the outline's colour against the row's background and against white, the colour of the rows around it.
 */
import type { Locator } from '@playwright/test';

export interface Outline {
  style: string;
  width: number;
  /** WCAG contrast ratios: a focus indicator needs 3:1. */
  againstRow: number;
  againstWhite: number;
}

export async function outlineOf(row: Locator): Promise<Outline> {
  const look = await row.evaluate((el) => {
    // Any CSS colour (oklch included) as sRGB, through a canvas.
    const rgb = (color: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const style = getComputedStyle(el);
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      outline: rgb(style.outlineColor),
      background: rgb(style.backgroundColor),
    };
  });
  return {
    style: look.style,
    width: look.width,
    againstRow: contrast(look.outline, look.background),
    againstWhite: contrast(look.outline, [255, 255, 255]),
  };
}

function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
