/** The dialects' names as people know them: the table lives in the model (formats' loss notes name them too). */
export { DIALECT_LABELS, dialectLabel, type DialectId } from '../../model/dialect-labels.ts';
