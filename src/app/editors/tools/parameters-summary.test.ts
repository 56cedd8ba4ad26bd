import { describe, expect, it } from 'vitest';
import { summariseParameters } from './parameters-summary.ts';

describe('summariseParameters', () => {
  it('lists each property with its type, whether it is required, and its description', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'The city name' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: ['integer', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        extra: {},
      },
      required: ['city'],
    };
    expect(summariseParameters(schema)).toEqual([
      { name: 'city', type: 'string', required: true, description: 'The city name' },
      { name: 'unit', type: 'one of: celsius, fahrenheit', required: false },
      { name: 'days', type: 'integer | null', required: false },
      { name: 'tags', type: 'array of string', required: false },
      { name: 'extra', type: 'any', required: false },
    ]);
  });

  it('has nothing to summarise without properties (the raw box is shown)', () => {
    expect(summariseParameters(undefined)).toBeNull();
    expect(summariseParameters({ type: 'object', properties: {} })).toBeNull();
    expect(summariseParameters('not a schema')).toBeNull();
    expect(summariseParameters({ type: 'object' })).toBeNull();
  });
});
