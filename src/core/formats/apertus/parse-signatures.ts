/**
 * The tool signatures of the developer section (after `Tool Capabilities:\n`) back to tool
 * definitions `{name, description, parameters}`: the inverse of `render_tools` (signatures.ts).
 * Each tool is `// description\ntype name = () => any;` or `… = (_: {\n…}) => any;`, tools are
 * joined by `\n`. Names and descriptions are written without escaping, so the reader searches
 * (see signature-search.ts) and keeps a tool only when the renderer writes it back exactly as
 * the text: `render(parse(text))` reproduces the signatures byte for byte. Where several
 * definitions write the same text (`number` from "number" or "integer", `string | null` from a
 * type list or `nullable`, …) the first reading is kept; parse-signature-types.ts lists the
 * choices.
 */
import { toolDefinition } from '../../model/builders.ts';
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { ToolDefinition } from '../../model/types.ts';
import { PARAMETERS_END, parametersAt } from './parse-signature-params.ts';
import { Pieces } from './pieces.ts';
import { OutOfSteps, Search, type Alternatives } from './signature-search.ts';
import { renderToolSignatures } from './signatures.ts';

const NO_PARAMETERS = '() => any;';
const PARAMETERS_START = '(_: {\n';
const NEXT_TOOL = '\n// ';

/**
 * The search may try many readings of hostile text (descriptions full of `", "` and newlines).
 * Signatures of generated schemas of every shape take about one step per character (median
 * 1.1, 99.9th percentile 1.9 over 10,000 tool lists; the most, 7,457 steps for 259 characters,
 * is far inside the minimum); 50 per character leaves a wide margin and keeps hostile sections
 * of 15,000 characters under half a second a search (two searches at most).
 */
const STEPS_PER_CHARACTER = 50;
const MIN_STEPS = 20_000;

/** The tools whose signatures are exactly `section`, or undefined when none are found. */
export function parseToolSignatures(section: string): ToolDefinition[] | undefined {
  const budget = Math.max(MIN_STEPS, section.length * STEPS_PER_CHARACTER);
  // Names without line breaks first (see Search): the natural reading when there is one. When
  // that search finds none, or runs out of steps, the search with them gets a budget of its own:
  // it may find a reading at once where the first had to try every alternative to say "none"
  // (a tool named "\n" beside two tools of the same name: 21,490 steps to say none, 268 to
  // read it with the line break).
  const strict = firstReading(new Search(section, budget, false));
  if (Array.isArray(strict)) return strict;
  const relaxed = firstReading(new Search(section, budget, true));
  return Array.isArray(relaxed) ? relaxed : undefined;
}

function firstReading(search: Search): ToolDefinition[] | 'none' | 'out of steps' {
  try {
    for (const [tools] of toolsAt(search, 0)) return tools;
  } catch (thrown) {
    if (!(thrown instanceof OutOfSteps)) throw thrown;
    return 'out of steps';
  }
  return 'none';
}

function toolsAt(s: Search, pos: number): Alternatives<ToolDefinition[]> {
  return s.memo('tools', pos, () => toolLists(s, pos));
}

function* toolLists(s: Search, pos: number): Alternatives<ToolDefinition[]> {
  for (const [tool, end] of toolAt(s, pos)) {
    if (end === s.text.length) yield [[tool], end];
    else for (const [rest, after] of toolsAt(s, end + 1)) yield [[tool, ...rest], after];
  }
}

function* toolAt(s: Search, pos: number): Alternatives<ToolDefinition> {
  if (!s.at(pos, '// ')) return;
  for (const typeAt of s.indicesOf('\ntype ', pos + 3)) {
    const description = s.text.slice(pos + 3, typeAt);
    const nameStart = typeAt + '\ntype '.length;
    for (const equals of s.indicesOf(' = ', nameStart)) {
      const name = s.text.slice(nameStart, equals);
      if (!s.allowsName(name)) continue;
      const signature = equals + 3;
      if (s.at(signature, NO_PARAMETERS)) yield* checked(s, pos, toolDefinition(name, description), signature + NO_PARAMETERS.length);
      if (!s.at(signature, PARAMETERS_START)) continue;
      for (const [parameters, end] of parametersAt(s, signature + PARAMETERS_START.length)) {
        const close = end + PARAMETERS_END.length - 1;
        yield* checked(s, pos, toolDefinition(name, description, parameters), close);
      }
    }
  }
}

/** The tool, if it ends where a tool can end and the renderer writes exactly `text[start, end)` for it. */
function* checked(s: Search, start: number, tool: ToolDefinition, end: number): Alternatives<ToolDefinition> {
  if (end !== s.text.length && !s.at(end, NEXT_TOOL)) return;
  // Rendering a candidate costs about as much as reading its text character by character.
  s.tick(end - start);
  const pieces = new Pieces();
  const diagnostics: Diagnostic[] = [];
  renderToolSignatures([tool], pieces, diagnostics);
  if (pieces.text() === s.text.slice(start, end) && diagnostics.every((d) => d.severity !== 'error')) yield [tool, end];
}
