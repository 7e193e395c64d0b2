import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '../paths.ts';

export function NotFoundRoute() {
  return (
    <div className="px-8 py-16">
      <EmptyState title="This page does not exist in the console">
        <Link to={paths.home()} className="font-medium text-indigo-600 hover:underline">
          Go to the first project
        </Link>
      </EmptyState>
    </div>
  );
}
