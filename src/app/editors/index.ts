/** The form editors (mounted by the shell) and what the shell shares with them. */
export { ConversationEditor } from './ConversationEditor.tsx';
export { fieldLabel, actionLabel } from './labels.ts';
export { revealField } from './navigation/reveal.ts';
