/**
 * Guidelines: a Markdown file beside the dataset (`<name>.guidelines.md`, or any Markdown file
 * chosen), shown in a side panel. An optional front matter, between `---` lines at the very top,
 * declares what Parley uses (docs/review.md, "Guidelines"):
 *
 *     ---
 *     labels: [toxic, off-topic, "needs fix"]
 *     rules: data.rules.json
 *     ---
 *
 * `labels` may also be a list of `- label` lines. Only these two keys are read (no YAML
 * library: two keys do not need one); another key, or a value that cannot be read, is said and
 * the rest still shown. The SHA-256 of the file's bytes goes into each review entry.
 */
import { sha256Hex } from '../../core/index.ts';
import { guidelinesStore, type OpenGuidelines } from './guidelines-store.ts';
import { useAppStore } from '../store/index.ts';

/** More labels than anyone picks from while reviewing: a longer list is cut (and said). */
export const GUIDELINES_MAX_LABELS = 50;

export interface FrontMatter {
  labels: string[];
  rules?: string;
  problems: string[];
  /** The Markdown after the front matter. */
  body: string;
}

const unquote = (value: string): string => {
  const v = value.trim();
  return (v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")) ? v.slice(1, -1) : v;
};

export function readFrontMatter(markdown: string): FrontMatter {
  const text = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return { labels: [], problems: [], body: text };
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (end === -1) return { labels: [], problems: ['The front matter starts with --- but never ends with another ---: it is shown as text.'], body: text };
  const result: FrontMatter = { labels: [], problems: [], body: lines.slice(end + 1).join('\n') };
  let listOf: string | undefined;
  for (let i = 1; i < end; i++) {
    const line = lines[i] as string;
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item) {
      if (listOf === 'labels') result.labels.push(unquote(item[1] as string));
      else result.problems.push(`Front matter line ${i + 1}: a list item outside "labels:" is ignored.`);
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair) {
      result.problems.push(`Front matter line ${i + 1}: not "key: value", ignored.`);
      continue;
    }
    const [, key, value = ''] = pair;
    listOf = undefined;
    if (key === 'labels') {
      const inline = value.trim();
      if (inline === '') listOf = 'labels';
      else if (inline.startsWith('[') && inline.endsWith(']')) result.labels.push(...inline.slice(1, -1).split(',').map(unquote));
      else result.labels.push(unquote(inline));
    } else if (key === 'rules') {
      if (unquote(value)) result.rules = unquote(value);
    } else result.problems.push(`Front matter line ${i + 1}: "${key}" is not a key Parley reads (labels, rules), ignored.`);
  }
  result.labels = [...new Set(result.labels.filter((label) => label !== ''))];
  if (result.labels.length > GUIDELINES_MAX_LABELS) {
    result.problems.push(`${result.labels.length} labels declared: the first ${GUIDELINES_MAX_LABELS} are offered.`);
    result.labels = result.labels.slice(0, GUIDELINES_MAX_LABELS);
  }
  return result;
}

/** The guidelines read from `bytes` (the hash is of the bytes, as the file is). */
export function readGuidelines(bytes: Uint8Array, name: string): OpenGuidelines {
  const markdown = new TextDecoder().decode(bytes);
  const front = readFrontMatter(markdown);
  return { name, markdown: front.body, hash: sha256Hex(bytes), labels: front.labels, ...(front.rules ? { rules: front.rules } : {}), problems: front.problems };
}

/** Show guidelines beside the dataset (replacing any open ones), and say what was read. */
export function openGuidelines(bytes: Uint8Array, name: string): void {
  const guidelines = readGuidelines(bytes, name);
  guidelinesStore.setState({ guidelines });
  const what = [`${guidelines.labels.length} label(s)`, ...(guidelines.rules ? [`rules file ${guidelines.rules} (open it in the Rules panel)`] : [])].join(', ');
  useAppStore.getState().showNotice({ tone: guidelines.problems.length > 0 ? 'error' : 'success', title: `Guidelines ${name} open beside the dataset: ${what}.`, ...(guidelines.problems.length > 0 ? { details: [...guidelines.problems] } : {}) });
}

export function closeGuidelines(): void {
  guidelinesStore.setState({ guidelines: null });
}
