/** What a route shows when rendering throws: the error, in the same panel as API errors. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';

export function RouteError() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error;
  return (
    <div className="mx-auto max-w-2xl px-8 py-16">
      <ErrorPanel error={shown} title="The console hit an error" onRetry={() => window.location.reload()} />
    </div>
  );
}
