/** A problem that a format and validateRecord both report is listed once, as validateRecord's. */
import { describe, expect, it } from 'vitest';
import { openChatMlFormat } from '../formats/openchatml/index.ts';
import { rwkvFormat } from '../formats/rwkv/index.ts';
import { blocksMessage, conversation, textMessage, toolCall, toolCalls, toolDefinition } from '../model/builders.ts';
import { TOOL_CALL_CODES } from './tool-arguments.ts';
import { validateRecord } from './index.ts';
import { withoutValidated } from './merge.ts';

const record = conversation(
  [textMessage('system', 'S'), textMessage('user', 'Q'), blocksMessage([toolCalls([toolCall('get', '[1, 2]')])])],
  [toolDefinition('get', 'Get', { type: 'object', properties: {} })],
);
const ARGS = ['messages', 2, 'content', 'blocks', 0, 'calls', 0, 'arguments'];

describe('withoutValidated', () => {
  it.each([
    ['openchatml', openChatMlFormat],
    ['rwkv', rwkvFormat],
  ] as const)('%s: arguments that are not an object are one problem, with validateRecord\'s severity', (_id, format) => {
    const validation = validateRecord(record);
    const rendered = format.render(record).diagnostics;
    expect(rendered.filter((d) => d.code === TOOL_CALL_CODES.notObject && JSON.stringify(d.path) === JSON.stringify(ARGS))).toHaveLength(1);
    const listed = [...withoutValidated(rendered, validation), ...validation].filter((d) => JSON.stringify(d.path) === JSON.stringify(ARGS));
    expect(listed.map((d) => [d.code, d.severity])).toEqual([[TOOL_CALL_CODES.notObject, 'error']]);
  });

  it('keeps the format\'s own problems and gives the same list back when nothing repeats', () => {
    const own = [{ severity: 'warning' as const, code: 'rwkv/payload-not-object', message: 'm', path: ['messages', 3, 'content'] }];
    expect(withoutValidated(own, validateRecord(record))).toBe(own);
  });
});
