/**
 * The system and developer messages that open a harmony text → the options and the record
 * parts they were rendered from. Each reading is rendered back (system.ts) and used only if
 * the text is the same; otherwise the message is kept as a plain message with its text.
 */
import type { ToolDefinition } from '../../model/types.ts';
import { CHANNEL_SETS, HARMONY_DEFAULTS, REASONING_EFFORTS, type HarmonyOptions } from './options.ts';
import { piecesText } from './pieces.ts';
import { parseFunctionsSection } from './parse-tools.ts';
import { BUILTIN_SECTIONS, developerPieces, FUNCTIONS_CHANNEL_NOTE, systemText } from './system.ts';

type SystemOptions = Pick<HarmonyOptions, 'modelIdentity' | 'knowledgeCutoff' | 'date' | 'reasoningEffort' | 'validChannels' | 'browserTool' | 'pythonTool'>;

/** The options a system message body was rendered with, and whether it names function tools; undefined when it is not one harmony writes. */
export function readSystem(body: string): { options: SystemOptions; functions: boolean } | undefined {
  const top = body.split('\n\n')[0] ?? '';
  const options: SystemOptions = { modelIdentity: '', knowledgeCutoff: '', date: '', reasoningEffort: HARMONY_DEFAULTS.reasoningEffort, validChannels: HARMONY_DEFAULTS.validChannels, browserTool: false, pythonTool: false };
  for (const line of top.split('\n')) {
    if (line.startsWith('Knowledge cutoff: ')) options.knowledgeCutoff = line.slice('Knowledge cutoff: '.length);
    else if (line.startsWith('Current date: ')) options.date = line.slice('Current date: '.length);
    else if (options.modelIdentity === '' && !line.startsWith('Reasoning: ')) options.modelIdentity = line;
  }
  const effort = /^Reasoning: (\w+)$/m.exec(body)?.[1];
  const effortChoice = REASONING_EFFORTS.find((e) => e === effort);
  if (effortChoice !== undefined) options.reasoningEffort = effortChoice;
  const channels = /^# Valid channels: (.*)\. Channel must be included for every message\.$/m.exec(body)?.[1];
  const channelChoice = CHANNEL_SETS.find((c) => c === channels);
  if (channelChoice !== undefined) options.validChannels = channelChoice;
  options.browserTool = body.includes(BUILTIN_SECTIONS.browser);
  options.pythonTool = body.includes(BUILTIN_SECTIONS.python);
  const functions = body.endsWith(`\n${FUNCTIONS_CHANNEL_NOTE}`);
  return systemText({ ...HARMONY_DEFAULTS, ...options }, functions) === body ? { options, functions } : undefined;
}

/** The instructions and function tools a developer message body was rendered from; undefined when it is not one harmony writes. */
export function readDeveloper(body: string): { instructions?: string; tools: ToolDefinition[] } | undefined {
  const toolsHead = '# Tools\n\n';
  let instructions: string | undefined;
  let toolsText: string | undefined;
  if (body.startsWith('# Instructions\n\n')) {
    const rest = body.slice('# Instructions\n\n'.length);
    const at = rest.lastIndexOf(`\n\n${toolsHead}## functions\n\n`);
    instructions = at === -1 ? rest : rest.slice(0, at);
    if (at !== -1) toolsText = rest.slice(at + 2 + toolsHead.length);
  } else if (body.startsWith(toolsHead)) toolsText = body.slice(toolsHead.length);
  else return undefined;
  const tools = toolsText === undefined ? [] : parseFunctionsSection(toolsText);
  if (tools === undefined || (toolsText !== undefined && tools.length === 0)) return undefined;
  const instructionPieces = instructions === undefined ? undefined : [{ text: instructions, kind: 'content' as const, path: [] }];
  const back = piecesText(developerPieces(instructionPieces, [], tools.map((tool, index) => ({ tool, index }))));
  if (back !== body) return undefined;
  return instructions === undefined ? { tools } : { instructions, tools };
}
