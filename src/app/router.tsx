/**
 * The console's routes, in React Router's declarative mode: the console loads its data through src/data, not
 * route loaders, and declarative mode leaves the data router's code (about half of React Router's bytes) out of
 * the table's first view.
 */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AllProjectsRoute } from './routes/all-projects.tsx';
import { CostPageSkeleton } from './routes/cost-skeleton.tsx';
import { HomeRoute } from './routes/home.tsx';
import { NewObjectSkeleton } from './routes/new-object-skeleton.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { ObjectPageSkeleton } from './routes/object-skeleton.tsx';
import { ProjectRoute } from './routes/project.tsx';
import { ProjectsRoute } from './routes/projects.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteErrors } from './routes/route-error.tsx';
import { lazyPage } from './lazy-page.tsx';
import { whenFirstViewPainted } from '@/lib/warm.ts';

// Pages other than the tables: loaded when first opened (scripts/budget keeps the table's first view small), and
// the object and new-object pages also in idle time once the first view is painted, so that following a link to
// one renders it at once. A page whose code fails to load shows the route error, with a reload.

// The object page (detail, logs, editing and merging, the yaml package). Opened straight from its URL, the shell
// is drawn at once with the page's skeleton in it while that code loads.
const ObjectPage = lazyPage(
  () => import('./routes/object.tsx'),
  (m) => m.ObjectRoute,
);
const NewObjectPage = lazyPage(
  () => import('./routes/new-object.tsx'),
  (m) => m.NewObjectRoute,
);
for (const page of [ObjectPage, NewObjectPage]) whenFirstViewPainted(() => page.preload().catch(() => undefined));
// Spend over time draws charts: their code (and uPlot's) loads only with these pages.
const ProjectCostPage = lazyPage(
  () => import('./routes/cost.tsx'),
  (m) => m.ProjectCostRoute,
);
const AllCostPage = lazyPage(
  () => import('./routes/cost.tsx'),
  (m) => m.AllCostRoute,
);
// The Events of a project, and who may do what in it: loaded when first opened.
const ActivityPage = lazyPage(
  () => import('./routes/activity.tsx'),
  (m) => m.ActivityRoute,
);
const MembersPage = lazyPage(
  () => import('./routes/members.tsx'),
  (m) => m.MembersRoute,
);

/** A lazy page in the shell's outlet: `fallback` while its code loads. */
function Lazy({ page: Page, fallback = null }: { page: ComponentType; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}

export function AppRouter() {
  // Navigations render in a transition, as the data router's did: a filter committed when its field loses focus
  // (to a click on a row's link) must not redraw the table under the pointer before the click lands.
  return (
    <BrowserRouter>
      <RouteErrors>
        <Routes>
          <Route element={<RootLayout />}>
            {/* Every org has the project "default", so the first page is its objects. */}
            <Route index element={<HomeRoute />} />
            <Route path="projects" element={<ProjectsRoute />} />
            <Route path="projects/:project/:plural?" element={<ProjectRoute />} />
            <Route
              path="projects/:project/new/:plural"
              element={<Lazy page={NewObjectPage} fallback={<NewObjectSkeleton />} />}
            />
            <Route
              path="projects/:project/:plural/:name"
              element={<Lazy page={ObjectPage} fallback={<ObjectPageSkeleton />} />}
            />
            <Route
              path="projects/:project/cost"
              element={<Lazy page={ProjectCostPage} fallback={<CostPageSkeleton />} />}
            />
            <Route path="projects/:project/activity" element={<Lazy page={ActivityPage} />} />
            <Route path="projects/:project/members" element={<Lazy page={MembersPage} />} />
            <Route path="all/cost" element={<Lazy page={AllCostPage} fallback={<CostPageSkeleton />} />} />
            <Route path="all/:plural?" element={<AllProjectsRoute />} />
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Routes>
      </RouteErrors>
    </BrowserRouter>
  );
}
