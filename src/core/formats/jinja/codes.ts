/** Diagnostic codes of the Jinja template format (stable: tests and the app key on them). */
export const CODES = {
  /** The template could not be compiled (a syntax error), or raised / failed while rendering. */
  templateError: 'jinja/template-error',
  /** A field's text is not in the render as it is (dropped, repeated or transformed): it has no span. */
  notLocated: 'jinja/field-not-located',
  /** Spans could not be recovered at all (the marked render differs from the plain one). */
  noSpans: 'jinja/no-spans',
  /** The extra variables option is not a JSON object. */
  badVariables: 'jinja/bad-variables',
  /** A variable the engine defines itself (raise_exception, strftime_now, …) cannot be given. */
  reservedVariable: 'jinja/reserved-variable',
  /**
   * The render ran past its budget (budget.ts: steps, text length, nesting): that render ends
   * with this error. The message starts "The template ran past its budget" and says how to raise it.
   */
  overBudget: 'jinja/over-budget',
  /**
   * The training mask of an assistant message could not be read from the template (it is not
   * prefix-stable there, or fails on a prefix): only its located fields are trained (mask/).
   */
  maskFieldsOnly: 'jinja/mask-fields-only',
  /** The template has `{% generation %}` tags that could not be read; the prefix difference is used. */
  generationUnread: 'jinja/generation-unread',
  /** The template reads call ids and some calls or results have none (ids are passed as given, never made up). */
  missingCallId: 'jinja/missing-call-id',
  /** The render holds "[object Map]": the template wrote a mapping as text (often arguments passed as an object to a template that expects a string). */
  mappingAsText: 'jinja/mapping-as-text',
  /** Parsing rendered text back needs a grammar, which a template is not. */
  cannotParse: 'jinja/cannot-parse',
} as const;
