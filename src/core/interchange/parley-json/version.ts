/**
 * The envelope of Parley JSON: `{"parley": 1, "kind": …, …the record's fields}`. The version
 * key names the dialect (no other dialect has it, so detection is certain) and says which
 * layout of the model the file holds, so that a later Parley can migrate older files.
 */
export const VERSION_KEY = 'parley';
/** The layout this Parley writes and reads. Raise it, with a migration, when the model changes shape. */
export const PARLEY_JSON_VERSION = 1;
export const CODE = 'parley-json/invalid';
export const LABEL = 'Parley JSON';
