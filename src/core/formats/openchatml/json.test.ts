/**
 * The JSON writer against Python's json module, the reference the spec's examples come from
 * (Hermes function calling is Python). Fixed goldens below were produced by CPython 3
 * (`json.dumps(json.loads(text), …)`); the differential property runs Python itself when
 * `python3` is on the PATH and skips with a reason otherwise.
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJson, readJsonAt } from './json-node.ts';
import { jsonText, pythonFloat, type JsonLayout } from './json-write.ts';

const compact: JsonLayout = { indent: undefined, style: 'python', ensureAscii: false };
const pretty: JsonLayout = { indent: 2, style: 'python', ensureAscii: false };

function rewrite(text: string, layout: JsonLayout): string {
  const read = readJson(text);
  if (!read.ok) throw new Error(read.message);
  return jsonText(read.node, layout);
}

describe('Python json.dumps goldens', () => {
  it('compact: separators, key order, repeated keys, numbers', () => {
    // json.dumps(json.loads('{"b": 1, "2": [1.0, 1.50, 1e16, 1e-5, -0, -0.0, 1E2, 123456789012345678901234567890], "b": 3}'))
    expect(rewrite('{"b": 1, "2": [1.0, 1.50, 1e16, 1e-5, -0, -0.0, 1E2, 123456789012345678901234567890], "b": 3}', compact)).toBe(
      '{"b": 3, "2": [1.0, 1.5, 1e+16, 1e-05, 0, -0.0, 100.0, 123456789012345678901234567890]}',
    );
  });

  it('indent=2: nested containers, empty containers', () => {
    // json.dumps(json.loads('{"a":{"b":[1,{"c":[]}],"d":{}},"e":"x"}'), indent=2)
    expect(rewrite('{"a":{"b":[1,{"c":[]}],"d":{}},"e":"x"}', pretty)).toBe(
      '{\n  "a": {\n    "b": [\n      1,\n      {\n        "c": []\n      }\n    ],\n    "d": {}\n  },\n  "e": "x"\n}',
    );
  });

  it('strings: escapes with and without ensure_ascii', () => {
    const text = '"é \\u2028 \\u007f \\ud83d\\ude00 \\t\\n\\u0001 \\"/\\\\"';
    // json.dumps(json.loads(text), ensure_ascii=False) / json.dumps(json.loads(text))
    expect(rewrite(text, compact)).toBe('"é \u2028 \u007f 😀 \\t\\n\\u0001 \\"/\\\\"');
    expect(rewrite(text, { ...compact, ensureAscii: true })).toBe('"\\u00e9 \\u2028 \\u007f \\ud83d\\ude00 \\t\\n\\u0001 \\"/\\\\"');
  });

  it('floats as Python repr', () => {
    // [repr(x) for x in (0.1, 1e15, 1e16, 0.0001, 0.00001, 123456789012345680.0, 5e-324, 1.7976931348623157e308, -2.5)]
    const cases: [number, string][] = [
      [0.1, '0.1'],
      [1e15, '1000000000000000.0'],
      [1e16, '1e+16'],
      [0.0001, '0.0001'],
      [0.00001, '1e-05'],
      [123456789012345680, '1.2345678901234568e+17'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [-2.5, '-2.5'],
    ];
    for (const [x, repr] of cases) expect(pythonFloat(x)).toBe(repr);
    // json.dumps(json.loads('1e400')) == 'Infinity'
    expect(rewrite('1e400', compact)).toBe('Infinity');
  });

  it('spec layout: arrays of plain values inline, others as indent=2', () => {
    const text = '{"required": ["a", "b"], "list": [{"x": 1}], "mixed": [1, [2]], "empty": []}';
    expect(rewrite(text, { ...pretty, style: 'spec' })).toBe(
      '{\n  "required": ["a", "b"],\n  "list": [\n    {\n      "x": 1\n    }\n  ],\n  "mixed": [\n    1,\n    [2]\n  ],\n  "empty": []\n}',
    );
  });

  it('reports syntax errors with an offset, and reads a value in place', () => {
    expect(readJson('{"a": 1,}')).toMatchObject({ ok: false, offset: 8 });
    expect(readJson('[1, 2')).toMatchObject({ ok: false });
    expect(readJson('"\u0001"')).toMatchObject({ ok: false });
    expect(readJson('NaN')).toMatchObject({ ok: false });
    expect(readJsonAt('x{"a": [1]}\nrest', 1)).toMatchObject({ ok: true, end: 11 });
  });
});

function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import json'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const PYTHON = hasPython();
const PYTHON_SCRIPT = `
import json, sys
out = []
for line in sys.stdin.read().split("\\n"):
    if not line: continue
    v = json.loads(json.loads(line))
    out.append([json.dumps(v), json.dumps(v, ensure_ascii=False), json.dumps(v, indent=2), json.dumps(v, indent=2, ensure_ascii=False)])
print(json.dumps(out))
`;

const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? '-0.0' : String(x))),
  fc.constantFrom('1.0', '1.50', '1e5', '1E-7', '-0', '2.5e+20', '123456789012345678901234567890', '0.000001', '1e22', '1e400'),
);
const key = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('1', '10', 'a', 'é', '"', '\n'));
const leaf = fc.oneof(numberText, fc.string({ unit: 'binary', maxLength: 6 }).map((s) => JSON.stringify(s)), fc.constantFrom('true', 'false', 'null'));
const { value: jsonValueText } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`), fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`)),
}));

describe.skipIf(!PYTHON)('differential: json.dumps(json.loads(text)) in CPython', () => {
  it('agrees on 400 generated values in four layouts', () => {
    const texts = fc.sample(jsonValueText, { numRuns: 400, seed: 20250825 });
    // Each line is the JSON text as a JSON string (ASCII-only, so lone surrogates survive the pipe).
    const input = texts.map((t) => JSON.stringify(t).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)).join('\n');
    const expected = JSON.parse(execFileSync('python3', ['-c', PYTHON_SCRIPT], { input, encoding: 'utf8' })) as string[][];
    texts.forEach((text, i) => {
      const [asciiCompact, rawCompact, asciiPretty, rawPretty] = expected[i] as string[];
      expect(rewrite(text, { ...compact, ensureAscii: true }), text).toBe(asciiCompact);
      expect(rewrite(text, compact), text).toBe(rawCompact);
      expect(rewrite(text, { ...pretty, ensureAscii: true }), text).toBe(asciiPretty);
      expect(rewrite(text, pretty), text).toBe(rawPretty);
    });
  });
});
