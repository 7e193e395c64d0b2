/**
 * The shell around every page: the context and project switchers, the palette, health and support in the
 * top bar; the kinds from discovery in the sidebar; the page on the right. It composes the features and holds
 * only UI state (which overlay is open); everything else comes from the URL or the API.
 */
import { useCallback, useMemo, useState } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { AppShell } from '../../components/layout/app-shell.tsx';
import { PaletteHint } from '../../components/layout/palette-hint.tsx';
import { ContextSwitcher, KeyPrompt } from '../../features/auth/index.ts';
import { HealthIndicator, describeHealth, useHealth } from '../../features/health/index.ts';
import { KindIcon, KindNav } from '../../features/navigation/index.ts';
import { CommandPalette, type ObjectName, type PaletteHrefs } from '../../features/palette/index.ts';
import { ProjectSwitcher, useProjects } from '../../features/projects/index.ts';
import { useProjectKinds } from '../../features/resources/index.ts';
import { SupportButton, SupportPanel } from '../../features/support/index.ts';
import { kindInProject } from '../../lib/lifecycle/kinds.ts';
import { focusPageFilter, useHotkeys } from '../../lib/use-hotkeys.ts';
import { paths } from '../paths.ts';
import { SidebarFooter } from './sidebar-footer.tsx';
import { useScope } from './use-scope.ts';

export function RootLayout() {
  const { plural } = useParams();
  const { pathname } = useLocation();
  const project = useScope();
  const kinds = useProjectKinds();
  const projects = useProjects();
  const health = useHealth();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);

  useHotkeys([
    { key: 'k', mod: true, handler: () => setPaletteOpen((open) => !open) },
    { key: '/', handler: focusPageFilter },
  ]);

  const kindHref = useCallback((p: string) => (project === undefined ? paths.allProjects(p) : paths.project(project, p)), [project]);
  const hrefs = useMemo<PaletteHrefs>(
    () => ({
      kind: kindHref,
      project: (p) => paths.project(p),
      object: (o: ObjectName) => paths.object(o.project, o.plural, o.name),
      allProjects: paths.allProjects(),
      projectsPage: paths.projects(),
    }),
    [kindHref],
  );
  const kindIcon = useCallback((kind: string) => <KindIcon kind={kind} className="size-4" />, []);
  // A project or all-projects page with no kind in the URL shows the first kind the project can hold.
  const showsKinds = pathname.startsWith('/all') || /^\/projects\/[^/]+/.test(pathname);
  const selected = plural ?? (showsKinds ? kinds.data?.find((k) => kindInProject(k.kind, project))?.plural : undefined);

  return (
    <AppShell
      sidebar={
        <KindNav
          kinds={{ data: kinds.data, error: kinds.error, isPending: kinds.isPending, retry: () => void kinds.refetch() }}
          project={project}
          kindHref={kindHref}
          projectsHref={paths.projects()}
          selected={selected}
        />
      }
      footer={<SidebarFooter release={health.data?.release} />}
      topBar={
        <>
          <ContextSwitcher />
          <span aria-hidden="true" className="text-xl font-light text-slate-300">/</span>
          <ProjectSwitcher
            project={project}
            projectHref={(p) => paths.project(p, plural)}
            allHref={paths.allProjects(plural)}
            manageHref={paths.projects()}
          />
          <div className="ml-auto flex items-center gap-2">
            <PaletteHint onClick={() => setPaletteOpen(true)} />
            <HealthIndicator />
            <SupportButton onClick={() => setSupportOpen(true)} />
          </div>
        </>
      }
    >
      <Outlet />
      <CommandPalette
        open={paletteOpen}
        onClose={() => setPaletteOpen(false)}
        kinds={kinds.data ?? []}
        projects={(projects.data ?? []).map((p) => p.metadata.name ?? '')}
        project={project}
        hrefs={hrefs}
        kindIcon={kindIcon}
      />
      <SupportPanel open={supportOpen} onClose={() => setSupportOpen(false)} health={describeHealth(health)} />
      <KeyPrompt />
    </AppShell>
  );
}
