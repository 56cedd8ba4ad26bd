/**
 * A generated JSON Lines file with planted defects at known lines (test code only): the file the
 * issue's annotator reviewed, made reproducible. Clean records are plain user/assistant text, which
 * every format writes without a diagnostic; each defect kind is planted a few times at fixed lines.
 * The unit, command and end-to-end tests all check that the record list, the Errors filter, Alt+N
 * and `parley validate` find exactly these lines and nothing else.
 */

export type DefectKind =
  | 'invalid-json'
  | 'not-a-conversation'
  | 'role-human'
  | 'role-bot'
  | 'role-AI'
  | 'empty-assistant'
  | 'call-without-result'
  | 'result-without-call'
  | 'undefined-tool'
  | 'two-system';

export interface PlantedDefect {
  /** 1-based line of the file. */
  line: number;
  kind: DefectKind;
  /** The worst severity the record must show: a warning-only defect is not an error. */
  severity: 'error' | 'warning';
}

export interface DefectFile {
  text: string;
  defects: PlantedDefect[];
  /** Lines holding the same record as an earlier line (exact duplicates), as [first, repeat]. */
  duplicates: [number, number][];
  records: number;
}

const TOOLS = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }];

function call(name: string, id: string): unknown {
  return { id, type: 'function', function: { name, arguments: '{"city":"Paris"}' } };
}

const DEFECTS: Record<DefectKind, { severity: 'error' | 'warning'; line: (n: number) => string }> = {
  'invalid-json': { severity: 'error', line: (n) => `{"messages":[{"role":"user","content":"broken ${n}"}` },
  'not-a-conversation': { severity: 'error', line: (n) => JSON.stringify(['user', `not a record ${n}`]) },
  'role-human': { severity: 'error', line: (n) => JSON.stringify({ messages: [{ role: 'human', content: `Question ${n}?` }, { role: 'assistant', content: `Answer ${n}.` }] }) },
  'role-bot': { severity: 'error', line: (n) => JSON.stringify({ messages: [{ role: 'user', content: `Question ${n}?` }, { role: 'bot', content: `Answer ${n}.` }] }) },
  'role-AI': { severity: 'error', line: (n) => JSON.stringify({ messages: [{ role: 'user', content: `Question ${n}?` }, { role: 'AI', content: `Answer ${n}.` }] }) },
  'empty-assistant': { severity: 'error', line: (n) => JSON.stringify({ messages: [{ role: 'user', content: `Question ${n}?` }, { role: 'assistant', content: '' }] }) },
  'call-without-result': {
    severity: 'error',
    line: (n) => JSON.stringify({ messages: [{ role: 'user', content: `Weather ${n}?` }, { role: 'assistant', content: null, tool_calls: [call('get_weather', `call_${n}`)] }, { role: 'user', content: 'Well?' }, { role: 'assistant', content: 'Sunny.' }], tools: TOOLS }),
  },
  'result-without-call': {
    severity: 'error',
    line: (n) => JSON.stringify({ messages: [{ role: 'user', content: `Weather ${n}?` }, { role: 'tool', tool_call_id: `call_${n}`, content: '14°C' }, { role: 'assistant', content: '14°C.' }], tools: TOOLS }),
  },
  'undefined-tool': {
    severity: 'error',
    line: (n) => JSON.stringify({ messages: [{ role: 'user', content: `Time ${n}?` }, { role: 'assistant', content: null, tool_calls: [call('get_time', `call_${n}`)] }, { role: 'tool', tool_call_id: `call_${n}`, content: 'noon' }, { role: 'assistant', content: 'Noon.' }], tools: TOOLS }),
  },
  'two-system': { severity: 'warning', line: (n) => JSON.stringify({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'system', content: 'Be kind.' }, { role: 'user', content: `Question ${n}?` }, { role: 'assistant', content: `Answer ${n}.` }] }) },
};

const KINDS = Object.keys(DEFECTS) as DefectKind[];

/** A clean record: every format writes it without a diagnostic. */
function clean(n: number): string {
  const turns = 1 + (n % 3);
  const messages: unknown[] = n % 5 === 0 ? [{ role: 'system', content: 'You are helpful.' }] : [];
  for (let t = 0; t < turns; t++) messages.push({ role: 'user', content: `Record ${n}, question ${t + 1}: ${'why '.repeat(n % 7)}?` }, { role: 'assistant', content: `Record ${n}, answer ${t + 1}.` });
  return JSON.stringify({ messages });
}

/**
 * `records` lines (at least 100); each defect kind planted `perKind` times at spread, fixed lines,
 * and `duplicatePairs` clean records repeated later in the file.
 */
export function defectFile(records = 2000, perKind = 2, duplicatePairs = 2): DefectFile {
  const lines: string[] = [];
  const defects: PlantedDefect[] = [];
  const duplicates: [number, number][] = [];
  const planted = new Map<number, DefectKind>();
  const step = Math.floor(records / (KINDS.length * perKind + 1));
  KINDS.forEach((kind, k) => {
    for (let p = 0; p < perKind; p++) planted.set(step * (1 + k + p * KINDS.length), kind);
  });
  const repeats = new Map<number, number>();
  for (let d = 0; d < duplicatePairs; d++) repeats.set(records - 1 - d * 3, 3 + d * 7);
  for (let i = 0; i < records; i++) {
    const line = i + 1;
    const kind = planted.get(i);
    const copyOf = repeats.get(i);
    if (kind !== undefined) {
      lines.push(DEFECTS[kind].line(i));
      defects.push({ line, kind, severity: DEFECTS[kind].severity });
    } else if (copyOf !== undefined && !planted.has(copyOf)) {
      lines.push(lines[copyOf] as string);
      duplicates.push([copyOf + 1, line]);
    } else {
      lines.push(clean(i));
    }
  }
  duplicates.sort((a, b) => a[0] - b[0]);
  return { text: `${lines.join('\n')}\n`, defects, duplicates, records };
}
