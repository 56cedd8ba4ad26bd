/**
 * JSON text the way Python's `json.dumps(value, ensure_ascii=False)` writes it (`", "` and
 * `": "` separators). Object arguments are turned into this text because Apertus data is made
 * in Python: `arguments=json.dumps(args)` is what the model was trained to see.
 */
export function pythonJsonText(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJsonText).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pythonJsonText(v)}`).join(', ')}}`;
}
