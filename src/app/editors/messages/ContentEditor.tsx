/** The content of one message, in the editor of its kind (text, parts, blocks, or none). */
import { alpacaFieldsOf, type Message } from '../../../core/index.ts';
import { BlocksEditor } from '../blocks/BlocksEditor.tsx';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { useStablePath } from '../fields/useStablePath.ts';
import { PartsEditor, type NewPartType } from '../parts/PartsEditor.tsx';
import { useMessagesRoot } from './messages-root.ts';
import { TextContentEditor } from './TextContentEditor.tsx';
import { AlpacaQueryEditor } from '../shapes/AlpacaQueryEditor.tsx';

const MESSAGE_PARTS: readonly NewPartType[] = ['text', 'image', 'value', 'fim'];

export function ContentEditor({ index, message }: { index: number; message: Message }) {
  const content = message.content;
  const root = useMessagesRoot();
  const ownerPath = useStablePath([...root, index]);
  const partsPath = useStablePath([...root, index, 'content', 'parts']);
  const alpaca = alpacaFieldsOf(message);
  if (alpaca) return <AlpacaQueryEditor index={index} fields={alpaca} />;
  if (content?.type === 'text') return <TextContentEditor index={index} role={message.role} text={content.text} mapping={content.mapping === true} />;
  return (
    <div>
      <AnchorDiagnostics path={[...root, index, 'content']} />
      {content?.type === 'parts' && <PartsEditor ownerPath={ownerPath} listPath={partsPath} parts={content.parts} allow={MESSAGE_PARTS} />}
      {content?.type === 'blocks' && <BlocksEditor messageIndex={index} blocks={content.blocks} />}
      {content == null && (
        <p className="text-xs italic text-slate-500 dark:text-slate-400">
          {content === null ? 'No content (content: null).' : 'No content field.'} Choose Text, Parts{message.role === 'assistant' ? ' or Blocks' : ''} above to write some.
        </p>
      )}
    </div>
  );
}
