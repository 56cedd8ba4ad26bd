/**
 * The replacement text of one match, as `String.prototype.replace` builds it from a template
 * (ECMAScript GetSubstitution): `$$`, `$&`, `` $` ``, `$'`, `$1`…`$99`, `$<name>`. Written out
 * because replace.ts skips empty matches, which `String.prototype.replace` cannot be told to do.
 */
export function expandReplacement(template: string, match: RegExpExecArray, input: string): string {
  if (!template.includes('$')) return template;
  const groups = match.length - 1;
  let out = '';
  let i = 0;
  while (i < template.length) {
    const char = template[i];
    const next = template[i + 1];
    if (char !== '$' || next === undefined) {
      out += char;
      i++;
      continue;
    }
    if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '&') {
      out += match[0];
      i += 2;
    } else if (next === '`') {
      out += input.slice(0, match.index);
      i += 2;
    } else if (next === "'") {
      out += input.slice(match.index + match[0].length);
      i += 2;
    } else if (next >= '0' && next <= '9') {
      const two = template[i + 2];
      const twoDigits = two !== undefined && two >= '0' && two <= '9' ? Number(next + two) : 0;
      const one = Number(next);
      if (twoDigits >= 1 && twoDigits <= groups) {
        out += match[twoDigits] ?? '';
        i += 3;
      } else if (one >= 1 && one <= groups) {
        out += match[one] ?? '';
        i += 2;
      } else {
        out += '$';
        i++;
      }
    } else if (next === '<' && match.groups !== undefined) {
      const close = template.indexOf('>', i + 2);
      if (close === -1) {
        out += '$<';
        i += 2;
      } else {
        out += match.groups[template.slice(i + 2, close)] ?? '';
        i = close + 1;
      }
    } else {
      out += '$';
      i++;
    }
  }
  return out;
}
