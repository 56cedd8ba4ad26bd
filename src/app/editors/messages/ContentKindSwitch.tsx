/**
 * Plain text, parts, blocks or no content, as a segmented switch. Switching keeps the text
 * wherever the target can hold it; when it cannot (images, flattened blocks), it says what
 * would be lost and asks first.
 */
import { useEffect, useRef, useState } from 'react';
import type { Content, Message } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { setContent } from '../actions/message-actions.ts';
import { buttonClass } from '../fields/styles.ts';
import { fieldLabel } from '../labels.ts';
import { CONTENT_KIND_LABELS, contentKindOf, convertContent, type ContentKind } from '../ops/content-convert.ts';
import { primaryFieldPath } from '../ops/new-message.ts';
import { flattenBlocks } from './flatten.ts';
import { useMessagesRoot } from './messages-root.ts';

function kindsFor(message: Message): ContentKind[] {
  const current = contentKindOf(message.content);
  const kinds: ContentKind[] = ['text', 'parts'];
  if (message.role === 'assistant' || current === 'blocks') kinds.push('blocks');
  kinds.push('none');
  return kinds;
}

interface Pending {
  target: ContentKind;
  content: Content | null;
  loss: string;
}

export function ContentKindSwitch({ index, message }: { index: number; message: Message }) {
  const root = useMessagesRoot();
  const current = contentKindOf(message.content);
  const [pending, setPending] = useState<Pending | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  const apply = (content: Content | null) => {
    setPending(null);
    setContent(index, content, root);
    if (content) useAppStore.getState().reveal(primaryFieldPath({ ...message, content }, index, root));
  };
  const choose = (target: ContentKind) => {
    if (target === current) return;
    const conversion = convertContent(message.content, target, flattenBlocks);
    if (conversion.loss) setPending({ target, content: conversion.content, loss: conversion.loss });
    else apply(conversion.content);
  };

  const groupLabel = `${fieldLabel([...root, index])} content kind`;
  return (
    <div className="flex flex-col items-end gap-1">
      <div role="radiogroup" aria-label={groupLabel} className="inline-flex overflow-hidden rounded border border-slate-300 text-xs dark:border-slate-600">
        {kindsFor(message).map((kind) => (
          <label
            key={kind}
            className={`relative cursor-pointer px-1.5 py-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 ${
              kind === current ? 'bg-slate-700 text-white dark:bg-slate-200 dark:text-slate-900' : 'bg-white text-slate-600 hover:bg-slate-100 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700'
            }`}
            title={kind === 'none' ? 'No content (content: null)' : undefined}
          >
            <input type="radio" className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0" name={`content-kind-${message.id}`} value={kind} checked={kind === current} onChange={() => choose(kind)} />
            {CONTENT_KIND_LABELS[kind]}
          </label>
        ))}
      </div>
      {pending && (
        <div role="alert" className="max-w-md rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
          <p className="mb-1">
            Switch {fieldLabel([...root, index]).toLowerCase()} to {CONTENT_KIND_LABELS[pending.target].toLowerCase()}? {pending.loss}
          </p>
          <div className="flex gap-1">
            <button ref={confirmRef} type="button" className={buttonClass} onClick={() => apply(pending.content)}>
              Switch to {CONTENT_KIND_LABELS[pending.target].toLowerCase()}
            </button>
            <button type="button" className={buttonClass} onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
