import { useApplyTheme } from '@/data/theme.ts';
import { AppProvider, type AppRuntime } from './provider.tsx';
import { AppRouter } from './router.tsx';

export function App({ runtime }: { runtime?: AppRuntime }) {
  useApplyTheme();
  return (
    <AppProvider runtime={runtime}>
      <AppRouter />
    </AppProvider>
  );
}
