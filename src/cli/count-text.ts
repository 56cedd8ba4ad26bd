/**
 * A count with its thousands grouped, as `toLocaleString('en-US')` writes an integer
 * ("313,960"), without it: the first call of `toLocaleString` loads the locale data, about
 * 12 ms of a command's run for one summary line.
 */
export function countText(count: number): string {
  if (!Number.isSafeInteger(count) || count < 0) return count.toLocaleString('en-US');
  const digits = String(count);
  let text = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = text.length; at < digits.length; at += 3) text += `,${digits.slice(at, at + 3)}`;
  return text;
}
