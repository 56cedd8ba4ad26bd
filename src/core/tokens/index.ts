/** Tokens and the training mask (issue 12): the contract is in types.ts. */
export * from './types.ts';
export { loadTokenizer, TokenizerLoadError } from './load.ts';
export { parseTokenizerJson, KNOWN_MODEL_TYPES, TokenizerEncodeError } from './check.ts';
export { spanTrainable, lastTurn, messageOf } from './mask.ts';
export { tokenMask } from './token-mask.ts';
export { specialSplits, type SpecialSplit } from './special-splits.ts';
export { trainingExample, exampleOf, IGNORE_LABEL } from './training.ts';
export { DEFAULT_TOKENIZERS, defaultTokenizerFor, findDefaultTokenizer, type DefaultTokenizer, type FormatTokenizer } from './defaults.ts';
export { tokenDiagnostics, TOKEN_CODES } from './diagnostics.ts';
export { measureTokens } from './measure.ts';
