import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeJsonTooDeep, findJsonTooDeep, MAX_JSON_DEPTH } from './json-depth.ts';

/** `{"type": "object", "properties": {"a": …}}` nested `levels` times: 2 JSON levels each. */
function deepSchema(levels: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

function nestedArrays(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('findJsonTooDeep', () => {
  it('counts containers, not scalars', () => {
    expect(findJsonTooDeep('text', 0)).toBeUndefined();
    expect(findJsonTooDeep(nestedArrays(3), 3)).toBeUndefined();
    expect(findJsonTooDeep(nestedArrays(4), 3)).toEqual({ limit: 3, path: [0, 0, 0] });
  });

  it('accepts exactly the limit and refuses one level more', () => {
    expect(findJsonTooDeep(nestedArrays(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findJsonTooDeep(nestedArrays(MAX_JSON_DEPTH + 1))?.limit).toBe(MAX_JSON_DEPTH);
  });

  it('reports the first too-deep place in document order', () => {
    const value = { shallow: [1, 2], first: { x: { y: {} } }, second: { x: { y: { z: {} } } } };
    expect(findJsonTooDeep(value, 3)).toEqual({ limit: 3, path: ['first', 'x', 'y'] });
  });

  it('handles 100,000 levels without overflowing the stack (it is not recursive)', () => {
    const problem = findJsonTooDeep({ tools: [{ name: 'f', parameters: deepSchema(50_000) }] });
    expect(problem?.path.slice(0, 5)).toEqual(['tools', 0, 'parameters', 'properties', 'a']);
    expect(problem?.path).toHaveLength(MAX_JSON_DEPTH);
  });

  it('reports a cycle (possible in a value that is not JSON) as too deep instead of looping', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(findJsonTooDeep(cyclic, 10)?.path).toHaveLength(10);
  });

  it('says where, shortening a long path', () => {
    const problem = findJsonTooDeep({ tools: [{ parameters: deepSchema(200) }] });
    expect(problem && describeJsonTooDeep(problem)).toBe('nested more than 128 levels deep (at tools[0].parameters.properties.a.properties…)');
    expect(describeJsonTooDeep({ limit: 2, path: [] })).toBe('nested more than 2 levels deep');
  });

  it('finds a value too deep exactly when its deepest container is past the limit', () => {
    const depthOf = (value: unknown): number => (typeof value !== 'object' || value === null ? 0 : 1 + Math.max(0, ...Object.values(value).map(depthOf)));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
        expect(findJsonTooDeep(value, limit) !== undefined).toBe(depthOf(value) > limit);
      }),
      { numRuns: 500 },
    );
  });
});
