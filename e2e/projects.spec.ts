/** The first page: projects from the API in the top bar's switcher, and a project's objects per kind from discovery. */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { NodusObject } from '../src/shared/protocol.ts';
import { ConsolePage } from './pages/console-page.ts';
import { apiKinds, apiObjects, apiProjects, type DiscoveredKind } from './support/nodus-api.ts';

/** Phases after which the controller no longer moves an object, so the UI and the API agree on them. */
const SETTLED = new Set(['Succeeded', 'Failed', 'Cancelled', 'Stopped', 'Suspended', 'Active', 'Available']);

test('the project switcher lists the projects the API returns, with default selected', async ({ page, request }) => {
  const projects = await apiProjects(request);
  expect(projects).toContain('default');
  expect(projects.length).toBeGreaterThan(1);

  const ui = new ConsolePage(page);
  await ui.goto('/');

  await expect(page).toHaveURL(/\/projects\/default$/);
  await expect(ui.heading()).toHaveText('default');
  await expect(ui.shell.projectButton).toHaveAccessibleName('Project: default');
  const list = await ui.shell.openProjectSwitcher();
  // Every project, and the "All projects" view first.
  await expect(list.getByRole('link')).toHaveCount(projects.length + 1);
  await expect(list.getByRole('link').first()).toHaveText('All projects');
  for (const project of projects) {
    await expect(list.getByRole('link', { name: new RegExp(`^${project}\\b`) })).toBeVisible();
  }
  await expect(list.getByRole('link', { name: /^default\b/ })).toHaveAttribute('aria-current', 'page');
});

test('clicking a project shows its objects per kind, with names and phases from the API', async ({ page, request }) => {
  // Images live in the read-only project nodus only (resource-table-kinds.spec.ts).
  const kinds = (await apiKinds(request)).filter((k) => k.kind !== 'Image');
  expect(kinds.length).toBeGreaterThan(0);

  // The demo project with objects of the most kinds, so the test does not depend on demo names.
  const projects = (await apiProjects(request)).filter((p) => p !== 'default');
  const snapshots = await Promise.all(
    projects.map(async (project) => ({ project, lists: await readAll(request, project, kinds) })),
  );
  snapshots.sort((a, b) => nonEmpty(b.lists) - nonEmpty(a.lists));
  const { project, lists: before } = snapshots[0]!;
  expect(nonEmpty(before)).toBeGreaterThan(1);

  const ui = new ConsolePage(page);
  await ui.goto('/');
  await ui.shell.switchProject(project);
  await expect(page).toHaveURL(new RegExp(`/projects/${project}$`));
  await expect(ui.heading()).toHaveText(project);

  // One sidebar link per discovered kind, each with a count once its list has loaded.
  await expect(ui.kindNav.getByRole('link')).toHaveCount(kinds.length);
  for (const kind of kinds) await expect(ui.kindCount(kind.plural)).toBeVisible();

  // The simulated controller keeps working, so only objects the API listed before and after the page loaded
  // are certain to be on the page; their settled phases cannot have changed in between.
  const after = await readAll(request, project, kinds);

  for (const kind of kinds) {
    await ui.kindTab(kind.plural).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project}/${kind.plural}$`));
    await expect(ui.kindTab(kind.plural)).toHaveAttribute('aria-current', 'page');

    const stable = stableObjects(before.get(kind.plural) ?? [], after.get(kind.plural) ?? []);
    // The kind's count is "·" until its list is in.
    await expect(ui.kindCount(kind.plural)).toHaveText(/^\d+$/);
    const count = Number(await ui.kindCount(kind.plural).textContent());
    if (count === 0) {
      expect(stable).toHaveLength(0);
      await expect(ui.emptyState(kind.plural, project)).toBeVisible();
      continue;
    }
    await expect(ui.table(kind.plural).getByRole('row')).toHaveCount(count + 1);
    for (const { name, phase } of stable) {
      const row = ui.row(kind.plural, name);
      await expect(row, `${kind.kind} ${name} is listed`).toBeVisible();
      if (phase && SETTLED.has(phase)) await expect(row).toContainText(phase);
    }
  }
});

async function readAll(
  request: APIRequestContext,
  project: string,
  kinds: DiscoveredKind[],
): Promise<Map<string, NodusObject[]>> {
  const lists = await Promise.all(
    kinds.map(async (k) => {
      // A project that another test deleted meanwhile answers NotFound: nothing to show there.
      const items: unknown = await apiObjects(request, project, k.plural);
      return [k.plural, Array.isArray(items) ? (items as NodusObject[]) : []] as const;
    }),
  );
  return new Map(lists);
}

function nonEmpty(lists: Map<string, NodusObject[]>): number {
  return [...lists.values()].filter((l) => l.length > 0).length;
}

/** Objects in both reads; the phase only when it was the same in both. */
function stableObjects(before: NodusObject[], after: NodusObject[]): { name: string; phase: string | undefined }[] {
  const later = new Map(after.map((o) => [o.metadata.uid, o]));
  return before.flatMap((o) => {
    const again = later.get(o.metadata.uid);
    if (!again) return [];
    const phase = o.status?.phase === again.status?.phase ? o.status?.phase : undefined;
    return [{ name: o.metadata.name ?? '', phase }];
  });
}
