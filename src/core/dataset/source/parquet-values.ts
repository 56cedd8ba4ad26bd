/**
 * Parquet values as JSON, for the conversation's record: hyparquet gives INT64 as bigint,
 * timestamps as Date and untyped byte arrays as bytes, none of which JSON has. A struct's null
 * field is left out: Parquet gives every row every field of the struct, so it cannot tell a
 * missing field from a null one, and the readers would see `"tool_calls": null` on every
 * message of a file whose schema has that field.
 */
/** A value JSON.stringify writes as it is. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const UTF8 = new TextDecoder();

export function parquetValueToJson(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return UTF8.decode(value);
  if (Array.isArray(value)) return value.map(parquetValueToJson);
  if (typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, field] of Object.entries(value)) {
      if (field === null || field === undefined) continue;
      out[key] = parquetValueToJson(field);
    }
    return out;
  }
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

/** Deep equality of values as hyparquet reads them (bigint, Date, bytes, NaN). */
export function sameParquetValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    return x.length === y.length && x.every((byte, i) => byte === y[i]);
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameParquetValue(item, b[i]));
  if (typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    for (const key of keys) if (!sameParquetValue(x[key], y[key])) return false;
    return true;
  }
  return false;
}
