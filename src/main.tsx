import './app/layout/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadPreview } from './app/App.tsx';
import { boot } from './app/boot.ts';
import { ErrorBoundary } from './app/layout/ErrorBoundary.tsx';
import { startPwa } from './app/pwa/start.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

// Start fetching the preview (Monaco, the largest chunk) now, while start-up reads IndexedDB,
// instead of when React first renders the preview pane.
void loadPreview();

const booted = boot().catch((error: unknown) => console.error('Parley start-up failed:', error));
// Offline use, updates, install, and files opened with the installed app (after start-up).
startPwa(booted);

// Render even if start-up failed half-way (the failure is reported): an editor beats a blank page.
void booted
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        {/* Last line of defence: whatever the parts' own boundaries miss (the toolbar, say) never leaves a blank page. */}
        <ErrorBoundary area="the page">
          <App />
        </ErrorBoundary>
      </StrictMode>,
    );
  });
