/**
 * An Alpaca record's user turn as its two source fields, `instruction` and `input`
 * (core/interchange/alpaca/fields.ts): the message's text is their join, as LLaMA-Factory builds
 * the query (what every format renders), and each field here writes back to the key it came
 * from, so an edit of `input` exports as a changed `input` and nothing else.
 */
import { formatPath, withAlpacaFields, type Message } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { messagesAt, useMessagesRoot } from '../messages/messages-root.ts';
import { setIn } from '../ops/draft-path.ts';

interface Fields {
  instruction: string;
  input?: string;
}

export function AlpacaQueryEditor({ index, fields }: { index: number; fields: Fields }) {
  const root = useMessagesRoot();
  const messagePath = [...root, index];
  const write = (key: keyof Fields, value: string) => {
    // From the committed message: withAlpacaFields copies it, and a draft cannot be copied out of its recipe.
    const committed: Message | undefined = messagesAt(useAppStore.getState().record, root)[index];
    if (!committed) return;
    const next: Fields = { ...fields, [key]: value };
    // A source without `input` keeps none while the field stays empty.
    if (key === 'input' && value === '' && fields.input === undefined) delete next.input;
    const message = withAlpacaFields(committed, next);
    useAppStore.getState().edit((draft) => {
      setIn(draft, messagePath, message);
    }, formatPath([...messagePath, key]));
  };
  return (
    <div className="space-y-1">
      <AnchorDiagnostics path={[...messagePath, 'content']} />
      <TextAreaField path={[...messagePath, 'instruction']} value={fields.instruction} placeholder="instruction…" onValueChange={(value) => write('instruction', value)} />
      <TextAreaField path={[...messagePath, 'input']} value={fields.input ?? ''} placeholder="input (optional)…" onValueChange={(value) => write('input', value)} />
    </div>
  );
}
