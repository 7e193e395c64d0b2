/**
 * The icons of actions taken from menus, dialogs and the palette (delete, keys, sign out, switch, close, the
 * terminal), in the frame every icon shares. Apart from icons.tsx, which the first view's shell and tables draw.
 */
import { Icon, type IconProps } from './icons.tsx';

export function TrashIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6h12M8 6V4.5h4V6M5.5 6l.7 9.1a1 1 0 0 0 1 .9h5.6a1 1 0 0 0 1-.9L14.5 6M8.5 9v4.5M11.5 9v4.5" />
    </Icon>
  );
}

export function KeyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="7" cy="13" r="3.5" />
      <path d="m9.5 10.5 6-6M13 7l2 2M14.5 5.5l1.5 1.5" />
    </Icon>
  );
}

export function SignOutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 4H5.5A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8M12.5 6.5 16 10l-3.5 3.5M16 10H8" />
    </Icon>
  );
}

export function ArrowsRightLeftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h11.5M12.5 4l3 3-3 3M16 13H4.5M7.5 10l-3 3 3 3" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5.5 5.5l9 9M14.5 5.5l-9 9" />
    </Icon>
  );
}

export function TerminalIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="4.5" width="14" height="11" rx="1.5" />
      <path d="M6 8.5l2 1.5-2 1.5M10 12h3.5" />
    </Icon>
  );
}
