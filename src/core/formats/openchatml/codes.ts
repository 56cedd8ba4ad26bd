/**
 * The stable codes of OpenChatML diagnostics (tests and the app key on them). Errors mark text a
 * reader following the spec rejects or cannot read back; warnings mark text that renders but is
 * probably wrong or loses something; infos explain a choice Parley made.
 */
export const CODES = {
  tokenInjection: 'token-injection',
  lost: 'lost-in-conversion',
  developerRole: 'openchatml/developer-role',
  roleMalformed: 'openchatml/role-malformed',
  nameWhitespace: 'openchatml/name-whitespace',
  nameLineBreak: 'openchatml/name-line-break',
  thoughtWithoutFlag: 'openchatml/thought-without-flag',
  thoughtWithoutKind: 'openchatml/thought-without-kind',
  thoughtOrder: 'openchatml/thought-order',
  flagsNotSystem: 'openchatml/flags-not-system',
  blocksNotAssistant: 'openchatml/blocks-not-assistant',
  callsNotAssistant: 'openchatml/calls-not-assistant',
  undefinedFunction: 'openchatml/undefined-function',
  outputWithoutCall: 'openchatml/output-without-call',
  callWithoutOutput: 'openchatml/call-without-output',
  outputNameMismatch: 'openchatml/output-name-mismatch',
  outputOrder: 'openchatml/output-order',
  toolContent: 'openchatml/tool-content',
  toolsWithoutSystem: 'openchatml/tools-without-system',
  outputsSplit: 'openchatml/tool-outputs-split',
  fileName: 'openchatml/file-name',
} as const;

/** Codes of the parser's diagnostics. */
export const PARSE_CODES = {
  bos: 'openchatml/parse-bos',
  eos: 'openchatml/parse-eos',
  between: 'openchatml/parse-between-messages',
  unclosed: 'openchatml/parse-unclosed',
  header: 'openchatml/parse-header',
  newline: 'openchatml/parse-newline-before-im-end',
  nonCanonical: 'openchatml/parse-non-canonical',
  keptAsText: 'openchatml/parse-kept-as-text',
  fimOrder: 'openchatml/parse-fim-order',
  options: 'openchatml/parse-options',
} as const;
