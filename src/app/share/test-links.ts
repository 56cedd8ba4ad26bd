/**
 * Share links made for tests (Node only: node:zlib): any JSON as a link, and "zip bombs", links
 * that expand a thousandfold, built in pieces so that a 1 GB one takes milliseconds to make.
 */
import { constants, deflateRawSync } from 'node:zlib';

/** A link to `value` as JSON, compressed as Parley compresses it, whatever it holds. */
export function linkTo(value: unknown): string {
  return linkOfBytes(Buffer.from(JSON.stringify(value) ?? 'undefined'));
}

export function linkOfBytes(bytes: Uint8Array): string {
  return `v1.${deflateRawSync(bytes, { level: 9 }).toString('base64url')}`;
}

const MB = 1024 * 1024;
/** One DEFLATE block run ending on a byte boundary (sync flush), not the last: pieces like it can be strung together. */
const piece = (bytes: Uint8Array) => deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });

/** A valid link, `bytes` long once inflated, whose one message is letters: `a` × nearly `bytes`. */
export function bombLink(bytes: number): string {
  const head = Buffer.from('{"record":{"kind":"chat","tools":[],"messages":[{"id":"m1","role":"user","content":{"type":"text","text":"');
  const tail = Buffer.from('"}}]},"formatId":"apertus","formatOptions":{}}');
  return `v1.${bombBytes(head, bytes - head.length - tail.length, tail).toString('base64url')}`;
}

/** Raw DEFLATE of `head`, then `count` letters `a`, then `tail`. */
export function bombBytes(head: Uint8Array, count: number, tail: Uint8Array): Buffer {
  const megabyte = piece(Buffer.alloc(MB, 0x61));
  const parts = [piece(head)];
  for (let left = count; left > 0; left -= MB) parts.push(left >= MB ? megabyte : piece(Buffer.alloc(left, 0x61)));
  parts.push(deflateRawSync(tail, { level: 9 }));
  return Buffer.concat(parts);
}
