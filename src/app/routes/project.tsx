/** /projects/:project/:plural? — one project's objects of one kind (the sidebar switches kinds). */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ProjectResources } from '@/features/resources/index.ts';
import { paths } from '../paths.ts';

export function ProjectRoute() {
  const { project = '', plural } = useParams();

  useEffect(() => {
    document.title = `${plural ? `${plural} · ` : ''}${project} · Nodus Console`;
  }, [project, plural]);

  return <ProjectResources project={project} plural={plural} newObjectHref={(p) => paths.newObject(project, p)} />;
}
