/**
 * A message's harmony header (gpt-oss): its channel (analysis, commentary, final, none, or the
 * role's default), its recipient (`functions.NAME`, `python`, `assistant`, …) and its content
 * type (`<|constrain|>json`). Shown where `showsHarmonyHeader` says; each control is named by
 * its path ("Message 3 channel").
 */
import { useId } from 'react';
import type { Message } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { setField } from '../actions/record-actions.ts';
import { FieldDiagnostics } from '../fields/FieldDiagnostics.tsx';
import { inputClass, smallLabelClass } from '../fields/styles.ts';
import { TextField } from '../fields/TextField.tsx';
import { useFieldBinding } from '../fields/useFieldBinding.ts';
import { useMessagesRoot } from './messages-root.ts';
import { CHANNEL_CHOICES, channelChoice, channelFromChoice, CONTENT_TYPE_CHOICES, HARMONY_FORMAT_ID, NONE, recipientSuggestions, showsHarmonyHeader } from '../ops/harmony-header.ts';

interface Props {
  index: number;
  message: Message;
}

export function HarmonyHeaderFields({ index, message }: Props) {
  const formatIsHarmony = useAppStore((state) => state.formatId === HARMONY_FORMAT_ID);
  if (!showsHarmonyHeader(message, formatIsHarmony)) return null;
  return <HeaderFields index={index} message={message} />;
}

function HeaderFields({ index, message }: Props) {
  const toolNames = useAppStore((state) => (state.record.kind === 'chat' ? state.record.tools.map((tool) => tool.name).join('\n') : ''));
  const recipientsId = useId();
  const typesId = useId();
  const path = [...useMessagesRoot(), index];
  // A message with blocks gets a channel per block; its own header is unused (the format says so).
  const title = message.content?.type === 'blocks' ? 'Each block has its own channel (thoughts → analysis, tool calls → commentary, response → final)' : undefined;
  return (
    <div className="mt-1 flex flex-wrap items-start gap-2" title={title}>
      <span className={`${smallLabelClass} mt-1.5`} aria-hidden="true">
        Harmony
      </span>
      <ChannelSelect index={index} channel={message.channel} />
      <TextField path={[...path, 'recipient']} value={message.recipient ?? undefined} placeholder="recipient (to=…)" optional list={recipientsId} mono className="w-48" />
      <datalist id={recipientsId}>
        {recipientSuggestions(toolNames === '' ? [] : toolNames.split('\n')).map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <TextField path={[...path, 'contentType']} value={message.contentType ?? undefined} placeholder="content type" optional list={typesId} mono className="w-40" />
      <datalist id={typesId}>
        {CONTENT_TYPE_CHOICES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
    </div>
  );
}

function ChannelSelect({ index, channel }: { index: number; channel: string | null | undefined }) {
  const path = [...useMessagesRoot(), index, 'channel'];
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding(path);
  const value = channelChoice(channel);
  // A channel read from text that is none of harmony's three stays choosable.
  const choices = value === '' || value === NONE || CHANNEL_CHOICES.includes(value) ? CHANNEL_CHOICES : [...CHANNEL_CHOICES, value];
  return (
    <div className="min-w-0">
      <select {...controlProps} value={value} className={`${inputClass} w-32`} title="The harmony channel (<|channel|>)" onChange={(event) => setField(path, channelFromChoice(event.target.value))}>
        <option value="">channel: default</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
        <option value={NONE}>none</option>
      </select>
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
