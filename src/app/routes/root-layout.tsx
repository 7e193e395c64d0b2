/** The shell around every page: the project list in the sidebar, the page on the right. */
import { Outlet, useParams } from 'react-router';
import { AppShell } from '../../components/layout/app-shell.tsx';
import { ConnectionInfo } from '../../features/auth/index.ts';
import { ProjectNav } from '../../features/projects/index.ts';
import { paths } from '../paths.ts';

export function RootLayout() {
  const { plural } = useParams();
  return (
    <AppShell sidebar={<ProjectNav projectHref={(project) => paths.project(project, plural)} />} footer={<ConnectionInfo />}>
      <Outlet />
    </AppShell>
  );
}
