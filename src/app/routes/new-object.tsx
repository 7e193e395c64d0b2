/** /projects/:project/new/:plural — write a new object in the YAML editor, review its cost, launch it. */
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';

export function NewObjectRoute() {
  const { project = '', plural = '' } = useParams();
  return <EmptyState title={`New ${plural} in ${project}`}>The editor is on its way.</EmptyState>;
}
