/**
 * Whether a JSON value can be written into a Parquet column of this schema without losing any
 * of it: a struct must have a field for every key, a list an array, a leaf a value of its type.
 * Says why not, for the refusal that names the column.
 */
import type { SchemaElement, SchemaTree } from 'hyparquet';
import { listElementOf } from './parquet-columns.ts';

const TEXT_TYPES = new Set(['UTF8', 'ENUM', 'JSON']);

function isText(element: SchemaElement): boolean {
  return (element.converted_type !== undefined && TEXT_TYPES.has(element.converted_type)) || element.logical_type?.type === 'STRING' || element.logical_type?.type === 'JSON';
}

function isJson(element: SchemaElement): boolean {
  return element.converted_type === 'JSON' || element.logical_type?.type === 'JSON';
}

/** Undefined when `value` fits `node`; else why not (the path in the value, then the reason). */
export function misfit(value: unknown, node: SchemaTree, path = ''): string | undefined {
  const { element } = node;
  if (value === null || value === undefined) return element.repetition_type === 'REQUIRED' ? `${path || 'the value'} is missing, and the column requires it` : undefined;
  if (isJson(element)) return undefined;
  const item = listElementOf(node);
  if (item !== undefined && item !== node) {
    if (!Array.isArray(value)) return `${path || 'the value'} is not a list`;
    for (let i = 0; i < value.length; i++) {
      const why = misfit(value[i], item, `${path}[${i}]`);
      if (why !== undefined) return why;
    }
    return undefined;
  }
  if (node.children.length > 0) {
    if (element.converted_type === 'MAP' || element.converted_type === 'MAP_KEY_VALUE' || element.logical_type?.type === 'MAP') return `${path || 'the value'}: map columns are not written from JSON`;
    if (typeof value !== 'object' || Array.isArray(value)) return `${path || 'the value'} is not an object`;
    const fields = new Map(node.children.map((child) => [child.element.name, child]));
    for (const key of Object.keys(value)) if (!fields.has(key)) return `${path ? `${path}.` : ''}${key} has no field in the column's struct`;
    for (const [name, child] of fields) {
      const why = misfit((value as Record<string, unknown>)[name], child, `${path ? `${path}.` : ''}${name}`);
      if (why !== undefined) return why;
    }
    return undefined;
  }
  const where = path || 'the value';
  switch (element.type) {
    case 'BOOLEAN':
      return typeof value === 'boolean' ? undefined : `${where} is not a boolean`;
    case 'INT32':
      return element.converted_type === undefined && element.logical_type === undefined && typeof value === 'number' && Number.isInteger(value) ? undefined : `${where} is not a plain integer`;
    case 'FLOAT':
    case 'DOUBLE':
      return typeof value === 'number' ? undefined : `${where} is not a number`;
    case 'BYTE_ARRAY':
      return isText(element) && typeof value === 'string' ? undefined : `${where} is not text, or the column is not text`;
    default:
      return `${where}: a ${element.type ?? 'group'} column is not written from JSON`;
  }
}
