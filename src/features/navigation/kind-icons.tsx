/**
 * An icon per kind we know, for the navigation and the palette. A kind discovery adds later gets the generic
 * cube: it still works, it only lacks a picture.
 */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const PATHS: Record<string, string> = {
  Job: 'M6.5 4.5v11l9-5.5z',
  Sandbox: 'M3.5 5.5h13v9h-13zM6 9l2 1.5L6 12M10 12.5h3.5',
  Function: 'M11.5 3.5 6 11h4l-1.5 5.5L14 9h-4z',
  Volume: 'M4 6c0-1.1 2.7-2 6-2s6 .9 6 2-2.7 2-6 2-6-.9-6-2zM4 6v8c0 1.1 2.7 2 6 2s6-.9 6-2V6M4 10c0 1.1 2.7 2 6 2s6-.9 6-2',
  Budget: 'M3.5 6.5h13v8h-13zM3.5 6.5l2-2.5h9l2 2.5M13 10.5h1.5',
  Pipeline: 'M5 5.5h3v3H5zM12 11.5h3v3h-3zM8 7h2.5a1.5 1.5 0 0 1 1.5 1.5V11.5M5 13h4',
  Image: 'M10 3.5 16.5 7 10 10.5 3.5 7zM3.5 10 10 13.5 16.5 10M3.5 13 10 16.5 16.5 13',
};

const CUBE = 'M10 3 16 6.5v7L10 17l-6-3.5v-7zM4 6.5 10 10l6-3.5M10 10v7';

export function KindIcon({ kind, ...props }: IconProps & { kind: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      <path d={PATHS[kind] ?? CUBE} />
    </svg>
  );
}
