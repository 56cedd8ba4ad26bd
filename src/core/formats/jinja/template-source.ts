/**
 * What a person gives as a template: a `.jinja` file (the template itself) or a whole
 * `tokenizer_config.json`, whose `chat_template` is either one template or a list of named ones
 * (`[{name, template}]`, e.g. "default", "tool_use", "rag"), and whose special tokens (bos_token,
 * eos_token, …; a string or an AddedToken object with `content`) are template variables too.
 */
export const SPECIAL_TOKEN_KEYS = ['bos_token', 'eos_token', 'unk_token', 'pad_token', 'sep_token', 'cls_token', 'mask_token'] as const;

export interface NamedTemplate {
  name: string;
  template: string;
}

export type TemplateSource =
  | { kind: 'template'; template: string }
  | { kind: 'config'; templates: NamedTemplate[]; tokens: Record<string, string> }
  | { kind: 'invalid'; message: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tokenText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.content === 'string') return value.content;
  return undefined;
}

/** Reads a pasted or dropped text: a tokenizer config when it is a JSON object with `chat_template`, else a template. */
export function readTemplateSource(text: string): TemplateSource {
  // A template may start with `{` too (`{%- ... %}`), but only a config parses as a JSON object.
  if (!text.trimStart().startsWith('{')) return { kind: 'template', template: text };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'template', template: text };
  }
  if (!isObject(json)) return { kind: 'template', template: text };
  const chat = json.chat_template;
  const templates: NamedTemplate[] = [];
  if (typeof chat === 'string') templates.push({ name: 'default', template: chat });
  else if (Array.isArray(chat)) {
    for (const entry of chat) {
      if (isObject(entry) && typeof entry.name === 'string' && typeof entry.template === 'string') templates.push({ name: entry.name, template: entry.template });
    }
  }
  if (templates.length === 0) return { kind: 'invalid', message: 'This JSON has no chat_template (a string, or a list of {name, template}).' };
  const tokens: Record<string, string> = {};
  for (const key of SPECIAL_TOKEN_KEYS) {
    const token = tokenText(json[key]);
    if (token !== undefined) tokens[key] = token;
  }
  return { kind: 'config', templates, tokens };
}

/** The template called `name`, else the one named "default", else the first. */
export function chooseTemplate(templates: readonly NamedTemplate[], name?: string): NamedTemplate | undefined {
  return templates.find((t) => t.name === name) ?? (name === undefined ? (templates.find((t) => t.name === 'default') ?? templates[0]) : undefined);
}
