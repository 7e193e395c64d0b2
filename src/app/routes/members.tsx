/** /projects/:project/members — who has which role in the project; admins add and remove them. */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { MembersPage } from '@/features/members/index.ts';

export function MembersRoute() {
  const { project = '' } = useParams();
  useEffect(() => {
    document.title = `Members · ${project} · Nodus Console`;
  }, [project]);
  return <MembersPage key={project} project={project} />;
}
