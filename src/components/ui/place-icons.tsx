/** The icons of saved views and pins, in the frame every icon shares. */
import { Icon, type IconProps } from './icons.tsx';

export function PinIcon({ filled, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Icon {...props}>
      <path d="M7.5 3.5h5l-.8 4.2 2.8 2.8v1.5h-9v-1.5l2.8-2.8z" fill={filled ? 'currentColor' : 'none'} />
      <path d="M10 12v4.5" />
    </Icon>
  );
}

export function BookmarkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 3.5h8a.5.5 0 0 1 .5.5v12.5L10 13.5l-4.5 3V4a.5.5 0 0 1 .5-.5z" />
    </Icon>
  );
}
