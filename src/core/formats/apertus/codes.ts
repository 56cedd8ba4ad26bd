/**
 * The stable codes of the Apertus renderer's diagnostics (tests and the app key on them).
 * Errors mark exactly the conversations the reference (the official template run by
 * `@huggingface/jinja`) rejects: it raises. Warnings mark text it renders but that is likely a
 * mistake, including input that Python's jinja2 (which `ApertusFormatter` uses) would reject or
 * write differently: the preview shows what the reference writes, and the warning says how
 * Python differs.
 */
export const CODES = {
  recordKind: 'apertus/record-kind',
  tokenInjection: 'token-injection',
  contentUnreadable: 'apertus/content-unreadable',
  contentKeysIgnored: 'apertus/content-keys-ignored',
  contentFormKept: 'apertus/content-form-kept',
  systemContent: 'apertus/system-content',
  systemNotFirst: 'apertus/system-not-first',
  developerRole: 'apertus/developer-role',
  nameIgnored: 'apertus/name-ignored',
  userContent: 'apertus/user-content',
  userPart: 'apertus/user-part',
  assistantContentMissing: 'apertus/assistant-content-missing',
  assistantContentNull: 'apertus/assistant-content-null',
  assistantContent: 'apertus/assistant-content',
  mixedAssistantFormats: 'apertus/mixed-assistant-formats',
  blockType: 'apertus/block-type',
  toolOutputsAfterToolMessages: 'apertus/tool-outputs-after-tool-messages',
  argumentsObject: 'apertus/arguments-object',
  argumentsEmpty: 'apertus/arguments-empty',
  legacyCallType: 'apertus/legacy-call-type',
  toolCallsIgnored: 'apertus/tool-calls-ignored',
  toolOutsideAssistant: 'apertus/tool-outside-assistant',
  toolContent: 'apertus/tool-content',
  toolContentMissing: 'apertus/tool-content-missing',
  toolsUnreadable: 'apertus/tools-unreadable',
  toolWrapped: 'apertus/tool-wrapped',
  toolBuiltin: 'apertus/tool-builtin',
  toolDescriptionMissing: 'apertus/tool-description-missing',
  toolDescriptionEmpty: 'apertus/tool-description-empty',
  toolNameEmpty: 'apertus/tool-name-empty',
  toolParameters: 'apertus/tool-parameters',
  schemaPropertyNamedItems: 'apertus/schema-property-named-items',
  schemaTemplateError: 'apertus/schema-template-error',
  schemaPythonDiffers: 'apertus/schema-python-differs',
  schemaNotObject: 'apertus/schema-not-object',
  dateFormat: 'apertus/date-format',
} as const;
