/**
 * What a clean check says of a JSON value (see index.ts). A check may be called on any parsed
 * JSON, however deep (it walks only the shapes it knows, and checks the depth of the rest before
 * any recursive code sees it). `clean` also proves that the value nests no deeper than
 * MAX_JSON_DEPTH (validate/json-depth.ts): every key of it was walked, in shapes of bounded
 * depth, so `findJsonTooDeep` need not walk it again; `clean-keeps-unknown` does not (the unknown
 * fields were not walked).
 */
export type CleanVerdict = 'clean' | 'clean-keeps-unknown' | false;

/** A clean check made for one format and its options: the verdict on one parsed JSON value. */
export type CleanCheck = (json: unknown) => CleanVerdict;
