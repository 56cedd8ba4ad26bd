/**
 * The system and developer messages as openai/harmony renders `SystemContent` and
 * `DeveloperContent` (src/encoding.rs): sections joined by a blank line; tool namespaces as
 * `## name`, their description, then `namespace name { … }` with one `type` per tool. The
 * system message comes from the options; the developer message from the record's first
 * system/developer message (the instructions) and its function tools.
 */
import type { FieldPath } from '../../model/path.ts';
import type { ToolDefinition } from '../../model/types.ts';
import type { HarmonyOptions } from './options.ts';
import { content, joinPieces, structure, type Piece } from './pieces.ts';
import { FUNCTIONS_NAMESPACE } from './tokens.ts';
import { parametersType, rustLines } from './typescript.ts';

const BROWSER = `## browser

// Tool for browsing.
// The \`cursor\` appears in brackets before each browsing display: \`[{cursor}]\`.
// Cite information from the tool using the following format:
// \`【{cursor}†L{line_start}(-L{line_end})?】\`, for example: \`【6†L9-L11】\` or \`【8†L3】\`.
// Do not quote more than 10 words directly from the tool output.
// sources=web (default: web)
namespace browser {

// Searches for information related to \`query\` and displays \`topn\` results.
type search = (_: {
query: string,
topn?: number, // default: 10
source?: string,
}) => any;

// Opens the link \`id\` from the page indicated by \`cursor\` starting at line number \`loc\`, showing \`num_lines\` lines.
// Valid link ids are displayed with the formatting: \`【{id}†.*】\`.
// If \`cursor\` is not provided, the most recent page is implied.
// If \`id\` is a string, it is treated as a fully qualified URL associated with \`source\`.
// If \`loc\` is not provided, the viewport will be positioned at the beginning of the document or centered on the most relevant passage, if available.
// Use this function without \`id\` to scroll to a new location of an opened page.
type open = (_: {
id?: number | string, // default: -1
cursor?: number, // default: -1
loc?: number, // default: -1
num_lines?: number, // default: -1
view_source?: boolean, // default: false
source?: string,
}) => any;

// Finds exact matches of \`pattern\` in the current page, or the page given by \`cursor\`.
type find = (_: {
pattern: string,
cursor?: number, // default: -1
}) => any;

} // namespace browser`;

const PYTHON = `## python

Use this tool to execute Python code in your chain of thought. The code will not be shown to the user. This tool should be used for internal reasoning, but not for code that is intended to be visible to the user (e.g. when creating plots, tables, or files).

When you send a message containing Python code to python, it will be executed in a stateful Jupyter notebook environment. python will respond with the output of the execution or time out after 120.0 seconds. The drive at '/mnt/data' can be used to save and persist user files. Internet access for this session is UNKNOWN. Depends on the cluster.`;

/** The built-in namespaces' sections, in openai/harmony's (alphabetical) order. */
export const BUILTIN_SECTIONS = { browser: BROWSER, python: PYTHON } as const;

export const FUNCTIONS_CHANNEL_NOTE = "Calls to these tools must go to the commentary channel: 'functions'.";

/** The system message body (`SystemContent` with the options' values). */
export function systemText(options: HarmonyOptions, hasFunctionTools: boolean): string {
  const sections: string[] = [];
  const top: string[] = [];
  if (options.modelIdentity !== '') top.push(options.modelIdentity);
  if (options.knowledgeCutoff !== '') top.push(`Knowledge cutoff: ${options.knowledgeCutoff}`);
  if (options.date !== '') top.push(`Current date: ${options.date}`);
  if (top.length > 0) sections.push(top.join('\n'));
  sections.push(`Reasoning: ${options.reasoningEffort}`);
  const builtins: string[] = [];
  if (options.browserTool) builtins.push(BROWSER);
  if (options.pythonTool) builtins.push(PYTHON);
  if (builtins.length > 0) sections.push(['# Tools', ...builtins].join('\n\n'));
  let channels = `# Valid channels: ${options.validChannels}. Channel must be included for every message.`;
  if (hasFunctionTools) channels += `\n${FUNCTIONS_CHANNEL_NOTE}`;
  sections.push(channels);
  return sections.join('\n\n');
}

/** One function's declaration: its description as comments, then `type name = (_: …) => any;`. */
function declaration(tool: ToolDefinition, index: number): Piece[] {
  const path: FieldPath = ['tools', index];
  const lines: Piece[][] = rustLines(tool.description ?? '').map((line) => [structure('// ', [...path, 'description']), content(line, [...path, 'description'])]);
  const signature = tool.parameters === undefined ? '() => any;\n' : `(_: ${parametersType(tool.parameters)}) => any;\n`;
  lines.push([structure('type ', path), content(tool.name, [...path, 'name']), structure(' = ', path), structure(signature, [...path, tool.parameters === undefined ? 'name' : 'parameters'])]);
  return joinPieces(lines, '\n', path);
}

/** `## functions` … `} // namespace functions` for the function tools (with their indexes in `tools`). */
function functionsSection(tools: readonly { tool: ToolDefinition; index: number }[]): Piece[] {
  const lines: Piece[][] = [[structure(`## ${FUNCTIONS_NAMESPACE}\n`, ['tools'])], [structure(`namespace ${FUNCTIONS_NAMESPACE} {\n`, ['tools'])]];
  for (const { tool, index } of tools) lines.push(declaration(tool, index));
  lines.push([structure(`} // namespace ${FUNCTIONS_NAMESPACE}`, ['tools'])]);
  return joinPieces(lines, '\n', ['tools']);
}

/** The developer message body (`DeveloperContent`): `# Instructions`, the instructions, then `# Tools`. */
export function developerPieces(instructions: Piece[] | undefined, instructionsPath: FieldPath, tools: readonly { tool: ToolDefinition; index: number }[]): Piece[] {
  const sections: Piece[][] = [];
  if (instructions !== undefined) {
    sections.push([structure('# Instructions', instructionsPath)]);
    sections.push(instructions);
  }
  if (tools.length > 0) sections.push([structure('# Tools', ['tools']), structure('\n\n', ['tools']), ...functionsSection(tools)]);
  return joinPieces(sections, '\n\n');
}
