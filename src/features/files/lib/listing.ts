/**
 * A directory's listing as the files subresource answers it, and the order the browser shows it in: folders
 * first, then files, each by name as people sort them ("file2" before "file10").
 */
export type EntryType = 'file' | 'directory';

export interface FileItem {
  name: string;
  type: EntryType;
  /** Bytes; 0 for a directory. */
  size: number;
  /** RFC 3339. */
  modified: string;
  /** In a Sandbox's tree: the Volume mounted at this directory. */
  mount?: { volume: string; readOnly: boolean };
}

/** The space of the Volume a listed directory is in. */
export interface FileUsage {
  volume: string;
  usedBytes: number;
  capacityBytes: number;
}

export interface FileListing {
  kind: 'FileList';
  /** The directory listed, absolute. */
  path: string;
  items: FileItem[];
  /** In a Sandbox's tree: the Volume mounted where this directory is. */
  mount?: { volume: string; path: string; readOnly: boolean };
  /** The Volume's bytes in use and its capacity, when the directory is in one. */
  usage?: FileUsage;
}

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function compareItems(a: FileItem, b: FileItem): number {
  if (a.type !== b.type) return a.type === 'directory' ? -1 : 1;
  return byName.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

export function sortItems(items: readonly FileItem[]): FileItem[] {
  return [...items].sort(compareItems);
}

/** The share of a Volume in use, 0..1, or undefined when either figure is missing. */
export function usedFraction(used: number | undefined, capacity: number | undefined): number | undefined {
  if (used === undefined || capacity === undefined || capacity <= 0) return undefined;
  return Math.min(1, Math.max(0, used / capacity));
}

/** The names already in a folder, for "replace it?" before an upload writes over one. */
export function existingFiles(listing: FileListing | undefined): Set<string> {
  return new Set((listing?.items ?? []).filter((i) => i.type === 'file').map((i) => i.name));
}
