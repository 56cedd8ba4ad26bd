/**
 * A tokenizer's files from the Hugging Face hub by model id, made only when the person asks for a
 * model id (the other request to another origin is a Hub dataset, src/app/dataset/hub/; this one
 * does not follow that dialog's Hub base setting yet). Offline, or when the hub cannot be
 * reached, the error says which, in one line.
 */
import { parseTokenizerJson } from '../../core/tokens/check.ts';
import type { TokenizerFiles } from '../../core/tokens/index.ts';

export const HUB_ORIGIN = 'https://huggingface.co';

/** `owner/name` (letters, digits, `-_.`), as the hub spells model ids. */
export function isModelId(text: string): boolean {
  return /^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/.test(text);
}

export function hubFileUrl(modelId: string, file: string): string {
  return `${HUB_ORIGIN}/${modelId}/resolve/main/${file}`;
}

export class HubError extends Error {
  constructor(
    message: string,
    readonly offline: boolean,
  ) {
    super(message);
  }
}

async function getJson(url: string, required: boolean): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit' });
  } catch {
    throw new HubError('Could not reach huggingface.co (offline, or the network refused it).', true);
  }
  if (!response.ok) {
    if (!required) return undefined;
    const why = response.status === 401 || response.status === 403 ? 'the model is gated or private (Parley sends no token)' : response.status === 404 ? 'no such model, or it has no tokenizer.json' : `HTTP ${response.status}`;
    throw new HubError(`huggingface.co: ${why}.`, false);
  }
  // Parsed here, in the token worker, with the file named when it is not JSON.
  return parseTokenizerJson(await response.text(), url.slice(HUB_ORIGIN.length + 1));
}

/** tokenizer.json (required) and tokenizer_config.json (when the model has one). */
export async function fetchHubTokenizer(modelId: string, online: boolean): Promise<TokenizerFiles> {
  if (!isModelId(modelId)) throw new HubError(`"${modelId}" is not a model id (owner/name).`, false);
  if (!online) throw new HubError('You are offline: a model id loads from huggingface.co. Load a tokenizer.json file instead, or use a shipped one.', true);
  const [tokenizer, config] = await Promise.all([getJson(hubFileUrl(modelId, 'tokenizer.json'), true), getJson(hubFileUrl(modelId, 'tokenizer_config.json'), false)]);
  return config === undefined ? { tokenizer } : { tokenizer, config };
}
