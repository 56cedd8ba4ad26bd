/**
 * A fingerprint of a chat template's text, to recognise a known one (native-match.ts). Two
 * 32-bit FNV-1a hashes with different offsets, as 16 hex digits: not cryptographic (nobody
 * gains by forging a template that Compare pairs with the wrong format), sync and tiny, where
 * SHA-256 would need the async WebCrypto or a dependency. The text is taken without the white
 * space around it and with CRLF line ends as LF, the two ways a copied template changes.
 */
const FNV_PRIME = 0x01000193;
const OFFSETS = [0x811c9dc5, 0x050c5d1f] as const;

export function templateHash(template: string): string {
  const text = template.replace(/\r\n/g, '\n').trim();
  return OFFSETS.map((offset) => {
    let hash: number = offset;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
    return (hash >>> 0).toString(16).padStart(8, '0');
  }).join('');
}
