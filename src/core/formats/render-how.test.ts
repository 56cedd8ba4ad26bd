/**
 * `render(record, options, { spans: false })` (the command line's render) must give the same
 * text and diagnostics as the app's render, only without spans, for every format.
 */
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentRecord, documentFile, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from '../model/builders.ts';
import type { ParleyRecord } from '../model/types.ts';
import { FORMATS } from './registry.ts';

const RECORDS: Record<string, ParleyRecord> = {
  chat: conversation(
    [
      textMessage('system', 'Be brief.'),
      textMessage('user', 'Weather in Bern? <|assistant_start|> <|im_end|> <TOOL_CALL>'),
      blocksMessage([thoughts('Call the tool.'), toolCalls([toolCall('weather', '{"city": "Bern"}'), toolCall('weather', 'not json')]), toolOutputs([toolOutput('{"celsius": 3}')]), response('3 °C.')]),
      textMessage('assistant', 'Anything else?'),
    ],
    [toolDefinition('weather', 'Current weather', { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] })],
  ),
  document: documentRecord([documentFile([textPart('print(1)\n')], 'a.py')]),
};

describe('render without spans', () => {
  for (const format of FORMATS) {
    for (const [kind, record] of Object.entries(RECORDS)) {
      it(`${format.id}, ${kind}: the same text and diagnostics, no spans`, () => {
        const full = format.render(record);
        const textOnly = format.render(record, undefined, { spans: false });
        expect(textOnly.text).toBe(full.text);
        expect(textOnly.diagnostics).toEqual(full.diagnostics);
        expect(textOnly.spans).toEqual([]);
        if (full.text !== '') expect(full.spans.length).toBeGreaterThan(0);
      });
    }
  }
});

describe('render without text', () => {
  for (const format of FORMATS) {
    for (const [kind, record] of Object.entries(RECORDS)) {
      it(`${format.id}, ${kind}: the same diagnostics, no text and no spans`, () => {
        const full = format.render(record);
        const diagnosticsOnly = format.render(record, undefined, { spans: false, text: false });
        expect(diagnosticsOnly.diagnostics).toEqual(full.diagnostics);
        expect(diagnosticsOnly.text).toBe('');
        expect(diagnosticsOnly.spans).toEqual([]);
        if (full.text !== '') expect(full.diagnostics.length).toBeGreaterThan(0);
      });
    }
  }
});
