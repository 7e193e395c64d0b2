/** The files browser's own icons, drawn like the console's (20×20, 1.6 stroke). */
import { Icon, type IconProps } from '@/components/ui/icons.tsx';

export function FileIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5.5 3.5h6l3 3v10h-9zM11.5 3.5v3h3" />
    </Icon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 3.5v9M6.5 9l3.5 3.5L13.5 9M4 15.5h12" />
    </Icon>
  );
}

export function UploadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 12.5v-9M6.5 7 10 3.5 13.5 7M4 15.5h12" />
    </Icon>
  );
}

export function FolderPlusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5h3l1.5 1.5h6.5A1.5 1.5 0 0 1 17 8v6.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 3 14.5zM10 9v4.5M7.75 11.25h4.5" />
    </Icon>
  );
}

export function XIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5.5 5.5 9 9M14.5 5.5l-9 9" />
    </Icon>
  );
}
