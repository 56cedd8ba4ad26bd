/** What a clean check says of a JSON value (see index.ts). */
export type CleanVerdict = 'clean' | 'clean-keeps-unknown' | false;

/** A clean check made for one format and its options: the verdict on one parsed JSON value. */
export type CleanCheck = (json: unknown) => CleanVerdict;
