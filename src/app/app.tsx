import { AppProvider, type AppRuntime } from './provider.tsx';
import { AppRouter } from './router.tsx';

export function App({ runtime }: { runtime?: AppRuntime }) {
  return (
    <AppProvider runtime={runtime}>
      <AppRouter />
    </AppProvider>
  );
}
