/**
 * Markers put around a field's text to find it in a render: `\uE000 id \uE001` before,
 * `\uE002 id \uE001` after, the id's decimal digits written as U+E010…U+E019. All are Private
 * Use characters: no case (so `| upper` and `| lower` leave them as they are), not whitespace
 * (so `| trim` does not remove them), and JSON writes them as they are (`| tojson`).
 */
const START = '\uE000';
const END = '\uE002';
const CLOSE = '\uE001';
const DIGIT_ZERO = 0xe010;
const MARKER = /([\uE000\uE002])([\uE010-\uE019]+)\uE001/g;
/** Text holding any of these cannot be marked (its own characters would read as markers). */
const MARKER_CHARACTER = /[\uE000-\uE01F]/;

function idText(id: number): string {
  let out = '';
  for (const digit of String(id)) out += String.fromCharCode(DIGIT_ZERO + Number(digit));
  return out;
}

export function canMark(text: string): boolean {
  return !MARKER_CHARACTER.test(text);
}

export function marked(id: number, text: string): string {
  const digits = idText(id);
  return `${START}${digits}${CLOSE}${text}${END}${digits}${CLOSE}`;
}

export interface MarkerScan {
  /** The render without its markers. */
  text: string;
  /** Where each id's start markers stood in `text` (normally one; a template that repeats a field writes more). */
  starts: Map<number, number[]>;
  ends: Map<number, number[]>;
}

function add(map: Map<number, number[]>, id: number, at: number): void {
  const list = map.get(id);
  if (list) list.push(at);
  else map.set(id, [at]);
}

export function scanMarkers(rendered: string): MarkerScan {
  const starts = new Map<number, number[]>();
  const ends = new Map<number, number[]>();
  let text = '';
  let last = 0;
  for (const match of rendered.matchAll(MARKER)) {
    text += rendered.slice(last, match.index);
    last = match.index + match[0].length;
    let id = 0;
    for (const c of match[2] as string) id = id * 10 + (c.charCodeAt(0) - DIGIT_ZERO);
    add(match[1] === START ? starts : ends, id, text.length);
  }
  return { text: text + rendered.slice(last), starts, ends };
}
