/** /projects/:project/activity — what happened in the project in the last day, and who did it. */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ActivityPage } from '@/features/events/index.ts';
import { eventLinks } from './event-links.ts';

export function ActivityRoute() {
  const { project = '' } = useParams();
  useEffect(() => {
    document.title = `Activity · ${project} · Nodus Console`;
  }, [project]);
  return <ActivityPage key={project} project={project} links={eventLinks} />;
}
