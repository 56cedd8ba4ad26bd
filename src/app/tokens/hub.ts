/**
 * A tokenizer's files from the Hugging Face hub by model id, made only when the person asks for a
 * model id (the other request to another origin is a Hub dataset, src/app/dataset/hub/). Both
 * follow the same Hub address (dataset/hub/hub-base.ts: https://huggingface.co unless the person,
 * the build or the page's `?hub=` set another; the page reads it and hands it to the token worker
 * with the request). Offline, or when the hub cannot be reached, the error says which, in one line.
 */
import { DEFAULT_HUB_BASE } from '../../core/dataset/hub/hub-client.ts';
import { parseTokenizerJson } from '../../core/tokens/check.ts';
import type { TokenizerFiles } from '../../core/tokens/index.ts';

/** `owner/name` (letters, digits, `-_.`), as the hub spells model ids. */
export function isModelId(text: string): boolean {
  return /^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/.test(text);
}

/** Where a model's file is on the Hub at `base` (no trailing slash). */
export function hubFileUrl(base: string, modelId: string, file: string): string {
  return `${base}/${modelId}/resolve/main/${file}`;
}

/** The Hub's host as the person knows it (huggingface.co), for messages. */
function hostOf(base: string): string {
  try {
    return new URL(base).host;
  } catch {
    return base;
  }
}

export class HubError extends Error {
  constructor(
    message: string,
    readonly offline: boolean,
  ) {
    super(message);
  }
}

async function getJson(base: string, modelId: string, file: string, required: boolean): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(hubFileUrl(base, modelId, file), { credentials: 'omit' });
  } catch {
    throw new HubError(`Could not reach ${hostOf(base)} (offline, or the network refused it).`, true);
  }
  if (!response.ok) {
    if (!required) return undefined;
    const why = response.status === 401 || response.status === 403 ? 'the model is gated or private (Parley sends no token)' : response.status === 404 ? 'no such model, or it has no tokenizer.json' : `HTTP ${response.status}`;
    throw new HubError(`${hostOf(base)}: ${why}.`, false);
  }
  // Parsed here, in the token worker, with the file named when it is not JSON.
  return parseTokenizerJson(await response.text(), `${modelId}/resolve/main/${file}`);
}

/** tokenizer.json (required) and tokenizer_config.json (when the model has one), from the Hub at `base`. */
export async function fetchHubTokenizer(modelId: string, online: boolean, base = DEFAULT_HUB_BASE): Promise<TokenizerFiles> {
  if (!isModelId(modelId)) throw new HubError(`"${modelId}" is not a model id (owner/name).`, false);
  if (!online) throw new HubError(`You are offline: a model id loads from ${hostOf(base)}. Load a tokenizer.json file instead, or use a shipped one.`, true);
  const [tokenizer, config] = await Promise.all([getJson(base, modelId, 'tokenizer.json', true), getJson(base, modelId, 'tokenizer_config.json', false)]);
  return config === undefined ? { tokenizer } : { tokenizer, config };
}
