/**
 * fast-check building blocks for the dialect round-trip properties (test code only: imported
 * by `*.test.ts` files). Documents are passed through JSON text, as files are, so `-0` and
 * `undefined` do not appear.
 */
import fc from 'fast-check';

/** Text with the characters that break naive writers: quotes, backslashes, newlines, tags, emoji. */
export const text = fc.string({ unit: fc.constantFrom('a', 'b', 'Z', ' ', '\n', '"', '\\', '<', '>', '{', '}', 'é', '😀', '\u0000'), maxLength: 10 });
export const id = fc.stringMatching(/^[a-z]{2,4}_[0-9A-Za-z]{1,6}$/);
export const name = fc.stringMatching(/^[a-z][a-z_]{0,8}$/);

/** A small JSON object (tool arguments, results). */
export const jsonObject = fc.dictionary(fc.constantFrom('city', 'unit', 'n', 'ok', 'list'), fc.oneof(fc.integer(), text, fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })), { maxKeys: 3 });

/** A JSON schema of arguments. */
export const schema = fc.record({ type: fc.constant('object'), properties: fc.dictionary(name, fc.record({ type: fc.constantFrom('string', 'number') }), { maxKeys: 2 }) });

/** Unknown keys a source may carry (`x_` names do not collide with any dialect's own keys). */
export const unknownKeys = fc.dictionary(fc.constantFrom('x_meta', 'x_weight', 'x_tag'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 });

/** An image URL: a data URL or a remote one. */
export const imageUrl = fc.oneof(fc.constant('data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), fc.constant('https://example.com/cat.jpg'));

/** `{...base, ...extra}` where the extra keys are optional. */
export function withUnknown<T extends object>(base: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(base, unknownKeys).map(([b, extra]) => ({ ...b, ...extra }));
}

/** A value as it comes out of a JSON file. */
export function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Optional field: present with a value or absent. */
export function optional<K extends string, V>(key: K, value: fc.Arbitrary<V>): fc.Arbitrary<Partial<Record<K, V>>> {
  return fc.option(value, { nil: undefined }).map((v) => (v === undefined ? {} : ({ [key]: v } as Partial<Record<K, V>>)));
}
