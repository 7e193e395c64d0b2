/**
 * An icon per kind, for the navigation and the palette, drawn from the kinds registry. A kind discovery adds
 * later gets the registry's generic cube: it still works, it only lacks a picture.
 */
import type { SVGProps } from 'react';
import { presentationOf } from '@/kinds/index.ts';

type IconProps = SVGProps<SVGSVGElement>;

export function KindIcon({ kind, ...props }: IconProps & { kind: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      <path d={presentationOf(kind).icon} />
    </svg>
  );
}
