/**
 * The shell around every page: the context and project switchers, the palette, health and support in the
 * top bar; the kinds from discovery in the sidebar; the page on the right, the terminals under it. It composes the features and holds
 * only UI state (which overlay is open); everything else comes from the URL or the API.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { AppShell } from '@/components/layout/app-shell.tsx';
import { PaletteHint } from '@/components/layout/palette-hint.tsx';
import { ShortcutsSheet } from '@/components/layout/lazy-shortcuts-sheet.ts';
import { Toast, type Notice } from '@/components/ui/toast.tsx';
import { ContextSwitcher, IdentityMenu, KeyPrompt, useSignOut } from '@/features/auth/index.ts';
import { UploadTray, type FilesTarget } from '@/features/files/index.ts';
import { HealthIndicator, describeHealth, useHealth } from '@/features/health/index.ts';
import { KindIcon, KindNav } from '@/features/navigation/index.ts';
import { CommandPalette, type ObjectName, type PaletteHrefs } from '@/features/palette/index.ts';
import { ProjectSwitcher, useProjects } from '@/features/projects/index.ts';
import { LiveKindCount, useProjectKinds } from '@/features/resources/index.ts';
import { SupportButton, SupportPanel, useSupportPanel } from '@/features/support/index.ts';
import { TerminalDock, useTerminalDock } from '@/features/terminal/index.ts';
import { kindInProject } from '@/kinds/lifecycle.ts';
import { focusPageFilter, useHotkeys } from '@/lib/use-hotkeys.ts';
import { paths } from '../paths.ts';
import { SidebarFooter } from './sidebar-footer.tsx';
import { useScope } from './use-scope.ts';

const filesHref = (t: FilesTarget) => paths.object(t.project, t.kind.plural, t.name, 'files');

export function RootLayout() {
  const { plural, name } = useParams();
  const { pathname } = useLocation();
  const project = useScope();
  const kinds = useProjectKinds();
  const projects = useProjects();
  const health = useHealth();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const support = useSupportPanel();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const noticeId = useRef(0);
  const signOut = useSignOut();
  const openTerminal = useTerminalDock((s) => s.open);
  const kindList = kinds.data;
  const onOpenTerminal = useCallback(
    (o: ObjectName) => {
      const kind = kindList?.find((k) => k.plural === o.plural);
      if (kind) {
        openTerminal({
          group: kind.group,
          version: kind.version,
          plural: kind.plural,
          kind: kind.kind,
          project: o.project,
          name: o.name,
        });
      }
    },
    [kindList, openTerminal],
  );

  useHotkeys([
    { shortcut: 'palette.toggle', handler: () => setPaletteOpen((open) => !open) },
    { shortcut: 'page.filter', handler: focusPageFilter },
    { shortcut: 'shortcuts.show', handler: () => setShortcutsOpen(true) },
  ]);
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const notify = useCallback((text: string) => setNotice({ id: ++noticeId.current, text }), []);
  const clearNotice = useCallback(() => setNotice(undefined), []);

  const kindHref = useCallback(
    (p: string) => (project === undefined ? paths.allProjects(p) : paths.project(project, p)),
    [project],
  );
  const hrefs = useMemo<PaletteHrefs>(
    () => ({
      kind: kindHref,
      project: (p) => paths.project(p),
      object: (o: ObjectName) => paths.object(o.project, o.plural, o.name),
      allProjects: paths.allProjects(),
      projectsPage: paths.projects(),
      newObject: (p, kind) => paths.newObject(p, kind),
      switchProject: (p) => paths.project(p, plural),
    }),
    [kindHref, plural],
  );
  const projectNames = useMemo(() => (projects.data ?? []).map((p) => p.metadata.name ?? ''), [projects.data]);
  // On an object's page: the object, for the palette's "Copy name".
  const objectKind =
    name !== undefined && plural !== undefined
      ? (kinds.data?.find((k) => k.plural === plural)?.kind ?? plural)
      : undefined;
  const object = useMemo(
    () => (objectKind !== undefined && name !== undefined ? { kind: objectKind, name } : undefined),
    [objectKind, name],
  );
  const kindIcon = useCallback((kind: string) => <KindIcon kind={kind} className="size-4" />, []);
  // A project or all-projects page with no kind in the URL shows the first kind the project can hold.
  // The Cost and Activity pages are the project's, not a kind's: no kind is selected there.
  const onProjectPage =
    pathname === paths.cost(project) ||
    (project !== undefined && (pathname === paths.activity(project) || pathname === paths.members(project)));
  const showsKinds = !onProjectPage && (pathname.startsWith('/all') || /^\/projects\/[^/]+/.test(pathname));
  const selected = plural ?? (showsKinds ? kinds.data?.find((k) => kindInProject(k.kind, project))?.plural : undefined);
  // On a project's table, the sidebar counts its kind from the table's own watch, so the count moves with the rows.
  const tableKind =
    project !== undefined && (pathname === paths.project(project) || pathname === paths.project(project, plural))
      ? kinds.data?.find((k) => k.plural === selected && kindInProject(k.kind, project))
      : undefined;

  return (
    <AppShell
      sidebar={
        <KindNav
          kinds={{
            data: kinds.data,
            error: kinds.error,
            isPending: kinds.isPending,
            retry: () => void kinds.refetch(),
          }}
          project={project}
          kindHref={kindHref}
          projectsHref={paths.projects()}
          costHref={paths.cost(project)}
          activityHref={project === undefined ? undefined : paths.activity(project)}
          membersHref={project === undefined ? undefined : paths.members(project)}
          selected={selected}
          selectedCount={tableKind && project ? <LiveKindCount kind={tableKind} project={project} /> : undefined}
        />
      }
      footer={<SidebarFooter release={health.data?.release} onShowShortcuts={showShortcuts} />}
      dock={<TerminalDock />}
      topBar={
        <>
          <ContextSwitcher />
          <IdentityMenu />
          <span aria-hidden="true" className="text-xl font-light text-slate-300 max-sm:hidden">
            /
          </span>
          <ProjectSwitcher
            project={project}
            projectHref={(p) => paths.project(p, plural)}
            allHref={paths.allProjects(plural)}
            manageHref={paths.projects()}
          />
          {/* Never squeezed: a long project name is cut short instead (the switcher shrinks). */}
          <div className="ml-auto flex shrink-0 items-center gap-2">
            <PaletteHint onClick={() => setPaletteOpen(true)} />
            <HealthIndicator />
            <SupportButton onClick={() => support.show()} />
          </div>
        </>
      }
    >
      <Outlet />
      <CommandPalette
        open={paletteOpen}
        onClose={() => setPaletteOpen(false)}
        kinds={kinds.data ?? []}
        projects={projectNames}
        project={project}
        plural={plural}
        object={object}
        hrefs={hrefs}
        kindIcon={kindIcon}
        onShowShortcuts={showShortcuts}
        signOut={signOut}
        onNotice={notify}
        onOpenTerminal={onOpenTerminal}
      />
      <ShortcutsSheet open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <Toast notice={notice} onDone={clearNotice} />
      <SupportPanel open={support.open} onClose={support.close} health={describeHealth(health)} focus={support.focus} />
      <KeyPrompt />
      <UploadTray hrefOf={filesHref} />
    </AppShell>
  );
}
