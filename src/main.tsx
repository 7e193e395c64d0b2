// First: it starts loading the code that shares watches between tabs, which the first list waits for.
import './data/watch-share.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startEarly } from './app/early-start.ts';
import { createAppRuntime } from './app/provider.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const runtime = createAppRuntime();
startEarly(runtime.queryClient, runtime.watches, window.location);

createRoot(root).render(
  <StrictMode>
    <App runtime={runtime} />
  </StrictMode>,
);
