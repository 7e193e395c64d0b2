import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AllProjectsRoute } from './routes/all-projects.tsx';
import { CostPageSkeleton } from './routes/cost-skeleton.tsx';
import { HomeRoute } from './routes/home.tsx';
import { NewObjectSkeleton } from './routes/new-object-skeleton.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { ObjectPageSkeleton } from './routes/object-skeleton.tsx';
import { ProjectRoute } from './routes/project.tsx';
import { ProjectsRoute } from './routes/projects.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { whenFirstViewPainted } from '@/lib/warm.ts';

// Pages other than the tables, loaded when first opened (scripts/budget keeps the table's first view small) and
// warmed in idle time once the first view is painted, so following a link rarely waits for code. A page whose
// code fails to load shows RouteError, with a reload.
const loadObject = () => import('./routes/object.tsx');
const loadNewObject = () => import('./routes/new-object.tsx');
for (const load of [loadObject, loadNewObject]) whenFirstViewPainted(load);

function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        // Every org has the project "default", so the first page is its objects.
        { index: true, element: <HomeRoute /> },
        { path: 'projects', element: <ProjectsRoute /> },
        { path: 'projects/:project/:plural?', element: <ProjectRoute /> },
        {
          path: 'projects/:project/new/:plural',
          HydrateFallback: NewObjectSkeleton,
          lazy: async () => ({ Component: (await loadNewObject()).NewObjectRoute }),
        },
        // The object page (detail, logs, editing and merging, the yaml package) is loaded when first opened, so the
        // table's initial JavaScript stays within its budget (scripts/budget). Opened straight from its URL, the
        // shell is drawn at once with the page's skeleton in it while that code loads.
        {
          path: 'projects/:project/:plural/:name',
          HydrateFallback: ObjectPageSkeleton,
          lazy: async () => ({ Component: (await loadObject()).ObjectRoute }),
        },
        // Spend over time draws charts: their code (and uPlot's) loads only with these pages.
        {
          path: 'projects/:project/cost',
          HydrateFallback: CostPageSkeleton,
          lazy: async () => ({ Component: (await import('./routes/cost.tsx')).ProjectCostRoute }),
        },
        // The Events of a project: loaded when first opened, like the object page that shares its code.
        {
          path: 'projects/:project/activity',
          lazy: async () => ({ Component: (await import('./routes/activity.tsx')).ActivityRoute }),
        },
        // Who may do what in a project: loaded when first opened.
        {
          path: 'projects/:project/members',
          lazy: async () => ({ Component: (await import('./routes/members.tsx')).MembersRoute }),
        },
        {
          path: 'all/cost',
          HydrateFallback: CostPageSkeleton,
          lazy: async () => ({ Component: (await import('./routes/cost.tsx')).AllCostRoute }),
        },
        { path: 'all/:plural?', element: <AllProjectsRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}

const router = createRouter();

export function AppRouter() {
  return <RouterProvider router={router} />;
}
