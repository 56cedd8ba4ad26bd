/**
 * Offline use, updates, install and files opened with the installed app (docs/app.md, "Offline
 * and install"), started by main.tsx. Only the install offer's listener is part of the start-up
 * code (the browser may offer as soon as the page loads); the service worker's registration and
 * the Launch Queue (register.ts) load once start-up is done.
 */
import { pwaStore, type InstallPromptEvent } from './pwa-state.ts';

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
  void booted
    .then(() => import('./register.ts'))
    .then(({ startOffline }) => startOffline())
    // The chunk could not be loaded (a deploy replaced it): the app works on, online only.
    .catch((error: unknown) => console.warn('Parley: offline use could not start:', error));
}
