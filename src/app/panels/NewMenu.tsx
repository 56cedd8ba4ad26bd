/**
 * Toolbar: "New", a menu (the toolbar's menu button, menu/MenuButton.tsx) that starts an empty chat
 * conversation or a multi-file document.
 */
import { MenuButton } from './menu/MenuButton.tsx';
import type { MenuEntry } from './menu/menu-entry.ts';
import { NEW_RECORD_NAMES, startNewRecord } from './new-record.ts';

const ENTRIES: readonly MenuEntry[] = [
  { id: 'chat', label: 'Chat conversation', name: `New ${NEW_RECORD_NAMES.chat}`, hint: 'messages and tools, for every format', section: 'new', run: () => startNewRecord('chat') },
  // A new document focuses its first field; an empty chat has none, so focus goes back to the button.
  { id: 'document', label: 'Multi-file document', name: `New ${NEW_RECORD_NAMES.document}`, hint: 'files with text and fill-in-the-middle segments (OpenChatML)', section: 'new', keepsFocus: true, run: () => startNewRecord('document') },
];

export function NewMenu() {
  return <MenuButton label="New" entries={ENTRIES} />;
}
