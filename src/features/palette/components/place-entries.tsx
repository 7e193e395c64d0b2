/**
 * The palette's pinned projects and objects and saved views (src/data/places), listed before everything else,
 * and the actions on them: pin or unpin the object or project in view, copy a link to the view in view. Pins
 * are drawn from what was stored when they were pinned: the palette asks the API nothing about them.
 */
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { CopyIcon, FolderIcon } from '@/components/ui/icons.tsx';
import { BookmarkIcon, PinIcon } from '@/components/ui/place-icons.tsx';
import {
  describeViewPath,
  isPinned,
  pinKey,
  togglePin,
  usePins,
  useSavedViews,
  viewAt,
  type Pin,
} from '@/data/places/index.ts';
import { titleCase } from '@/lib/format.ts';
import type { ObjectName } from '../api/object-names.ts';
import type { Entry } from './palette-results.tsx';

export interface PlaceContext {
  project: string | undefined;
  plural: string | undefined;
  object: { kind: string; name: string } | undefined;
  projectHref: (project: string) => string;
  objectHref: (object: ObjectName) => string;
  kindIcon: (kind: string) => ReactNode;
  onNotice: (message: string) => void;
}

export function usePlaceEntries(c: PlaceContext): { Pinned: Entry[]; Views: Entry[]; actions: Entry[] } {
  const pins = usePins();
  const views = useSavedViews();
  const { pathname, search } = useLocation();
  const { project, plural, object, projectHref, objectHref, kindIcon, onNotice } = c;
  const currentView = viewAt(views, pathname, search);
  return useMemo(() => {
    const Pinned = pins.map((pin): Entry =>
      pin.type === 'project'
        ? {
            id: `pin:${pinKey(pin)}`,
            group: 'Pinned',
            label: pin.project,
            detail: 'pinned project',
            href: projectHref(pin.project),
            icon: <FolderIcon className="size-4" />,
          }
        : {
            id: `pin:${pinKey(pin)}`,
            group: 'Pinned',
            label: pin.name,
            detail: `pinned ${pin.kind} in ${pin.project}`,
            keywords: [`${pin.project}/${pin.name}`],
            href: objectHref({ project: pin.project, plural: pin.plural, kind: pin.kind, name: pin.name }),
            icon: kindIcon(pin.kind),
          },
    );
    const Views = views.map((view): Entry => {
      const where = describeViewPath(view.path);
      return {
        id: `v:${view.id}`,
        group: 'Views',
        label: view.name,
        detail: `${titleCase(where.plural)} in ${where.project ?? 'all projects'}`,
        keywords: ['view'],
        href: `${view.path}${view.search}`,
        icon: <BookmarkIcon className="size-4" />,
      };
    });
    const actions: Entry[] = [];
    const pinAction = (pin: Pin, what: string) => {
      const pinned = isPinned(pins, pin);
      actions.push({
        id: `a:pin:${pinKey(pin)}`,
        group: 'Actions',
        label: `${pinned ? 'Unpin' : 'Pin'} ${what}`,
        detail: pinned ? 'takes it off the top of the palette' : 'keeps it at the top of the palette',
        keywords: [pinned ? 'unpin' : 'pin'],
        icon: <PinIcon className="size-4" />,
        run: () => togglePin(pin),
      });
    };
    if (object && project !== undefined && plural !== undefined)
      pinAction({ type: 'object', project, plural, kind: object.kind, name: object.name, pinnedAt: 0 }, object.name);
    if (project !== undefined) pinAction({ type: 'project', project, pinnedAt: 0 }, `project ${project}`);
    if (currentView) {
      const link = `${window.location.origin}${currentView.path}${currentView.search}`;
      actions.push({
        id: `a:view-link:${currentView.id}`,
        group: 'Actions',
        label: `Copy link to view ${currentView.name}`,
        detail: 'anyone with access sees the same table',
        keywords: ['share', 'url'],
        icon: <CopyIcon className="size-4" />,
        run: () => {
          const copied = navigator.clipboard
            ? navigator.clipboard.writeText(link)
            : Promise.reject(new Error('no clipboard'));
          copied.then(
            () => onNotice(`Copied the link to “${currentView.name}”`),
            () => onNotice('Could not copy the link; copy it from the address bar instead'),
          );
        },
      });
    }
    return { Pinned, Views, actions };
  }, [pins, views, currentView, project, plural, object, projectHref, objectHref, kindIcon, onNotice]);
}
