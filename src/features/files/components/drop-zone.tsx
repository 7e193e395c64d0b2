/**
 * Files dropped anywhere on the folder's list are uploaded into that folder; a dropped folder brings its files with
 * their paths inside it. While something is dragged over, the list says where it will go.
 */
import { clsx } from 'clsx';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { NewUpload } from '../api/uploads.ts';
import { UploadIcon } from './icons.tsx';

export function DropZone({
  enabled,
  folder,
  onFiles,
  children,
}: {
  enabled: boolean;
  folder: string;
  onFiles: (files: NewUpload[]) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them, so the overlay does not flicker.
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

  return (
    <div
      data-testid="files-drop-zone"
      className="relative min-h-40"
      onDragEnter={(event) => {
        if (!enabled || !carriesFiles(event)) return;
        event.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!enabled || !carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (!enabled) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        void filesOf(event.dataTransfer).then(onFiles);
      }}
    >
      {children}
      <div
        aria-hidden={!over}
        className={clsx(
          'pointer-events-none absolute inset-1 flex flex-col items-center justify-center gap-2 rounded-md border-2 border-dashed border-indigo-400 bg-indigo-50/90 text-sm font-medium text-indigo-700 transition-opacity',
          over ? 'opacity-100' : 'opacity-0',
        )}
      >
        <UploadIcon className="size-6" />
        <span>
          Drop to upload to <bdi className="font-mono">{folder}</bdi>
        </span>
      </div>
    </div>
  );
}

/** The files of a drop, a dropped folder's with their relative paths (`photos/2026/a.jpg`). */
async function filesOf(transfer: DataTransfer): Promise<NewUpload[]> {
  const entries: FileSystemEntry[] = [];
  const plain: File[] = [];
  for (const item of [...transfer.items]) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) plain.push(file);
    }
  }
  if (entries.length === 0 && plain.length === 0) plain.push(...transfer.files);
  const out: NewUpload[] = plain.map((f) => ({ name: f.name, body: f }));
  for (const entry of entries) out.push(...(await walk(entry, '')));
  return out;
}

async function walk(entry: FileSystemEntry, prefix: string): Promise<NewUpload[]> {
  const name = `${prefix}${entry.name}`;
  if (isFile(entry)) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
    return [{ name, body: file }];
  }
  if (!isDirectory(entry)) return [];
  const reader = entry.createReader();
  const found: NewUpload[] = [];
  // readEntries answers in batches (100 in Chromium) until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    for (const child of batch) found.push(...(await walk(child, `${name}/`)));
  }
  return found;
}

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;
