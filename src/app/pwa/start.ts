/**
 * Offline use, updates, install and files opened with the installed app (docs/app.md, "Offline
 * and install"), started by main.tsx. Only the install offer's listener is part of the start-up
 * code (the browser may offer as soon as the page loads); the Launch Queue's consumer
 * (launch-queue.ts) loads once start-up is done, the service worker's registration (register.ts)
 * once the preview is up too.
 */
import { previewReady } from '../preview-ready.ts';
import { pwaStore, type InstallPromptEvent } from './pwa-state.ts';

/**
 * The service worker is registered once the preview is up: its first visit downloads every file
 * of the site (~7 MB), which must not compete with Monaco's download. If the preview never comes
 * up (a failed chunk), it is registered after this long anyway, so that the rest goes offline.
 */
export const REGISTER_FALLBACK_MS = 10_000;

function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for the install button instead of the browser's own mini-bar.
    event.preventDefault();
    pwaStore.setState({ installPrompt: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => pwaStore.setState({ installPrompt: null }));
}

/** Call once, before start-up's awaits; `booted` resolves (never rejects) when the start-up record is in place. */
export function startPwa(booted: Promise<unknown>): void {
  listenForInstallOffer();
  // Files opened with the installed app: over the restored session, never under it.
  void booted
    .then(() => import('./launch-queue.ts'))
    .then(({ consumeLaunchQueue }) => consumeLaunchQueue())
    .catch((error: unknown) => console.warn('Parley: files opened with the installed app cannot be taken:', error));
  void booted
    .then(() => Promise.race([previewReady, new Promise((resolve) => setTimeout(resolve, REGISTER_FALLBACK_MS))]))
    .then(() => import('./register.ts'))
    .then(({ registerServiceWorker }) => registerServiceWorker())
    // The chunk could not be loaded (a deploy replaced it): the app works on, online only.
    .catch((error: unknown) => console.warn('Parley: offline use could not start:', error));
}
