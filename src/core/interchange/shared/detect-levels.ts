/**
 * What a detector's score means (each dialect's detect.ts; docs/dialects.md#detection). A
 * dialect scores from MARKED up only for features no other dialect writes (its own marks: an
 * Anthropic `tool_use` block, an OpenAI `tool_call_id`, a `"parley"` version key); from FITS up
 * to MARKED when the value is in a shape it shares with others (plain `{role, content}`
 * messages, text parts): it reads the value, but so do they, and the score only says which
 * writes such values most. Below FITS it does not read the value (a low score only lets its
 * decoder say what is wrong when no dialect claims it).
 */
export const MARKED = 0.7;
export const FITS = 0.25;
