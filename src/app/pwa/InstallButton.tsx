/**
 * "Install Parley", where the browser offers to install the site as an app (Chromium's
 * `beforeinstallprompt`): the installed app opens .jsonl, .ndjson and .json files from the
 * desktop (the manifest's file_handlers). Absent elsewhere, and once installed.
 */
import { toolbarButton } from '../layout/ui.ts';
import { pwaStore, usePwa } from './pwa-state.ts';

async function install(): Promise<void> {
  const offer = pwaStore.getState().installPrompt;
  if (!offer) return;
  // An offer can be used once: whatever the answer, the browser makes a new one if it still can.
  pwaStore.setState({ installPrompt: null });
  await offer.prompt();
}

export function InstallButton() {
  const offered = usePwa((state) => state.installPrompt !== null);
  if (!offered) return null;
  return (
    <button type="button" className={toolbarButton} onClick={() => void install()} title="Install Parley as an app: it works offline and opens .jsonl and .json files from your desktop">
      Install Parley
    </button>
  );
}
