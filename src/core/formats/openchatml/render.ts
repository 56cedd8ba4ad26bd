/** OpenChatML render entry: a chat conversation or a document, with spans and diagnostics. */
import type { ParleyRecord } from '../../model/types.ts';
import type { Rendered, RenderHow } from '../types.ts';
import { renderChat } from './chat.ts';
import { renderDocument } from './document.ts';
import { Emitter } from './emitter.ts';
import { resolveOptions, type OpenChatMlOptions } from './options.ts';

export function renderOpenChatMl(record: ParleyRecord, options?: Partial<OpenChatMlOptions>, how?: RenderHow): Rendered {
  const e = new Emitter(resolveOptions(options), how);
  if (record.kind === 'chat') renderChat(e, record);
  else renderDocument(e, record);
  return e.finish();
}
