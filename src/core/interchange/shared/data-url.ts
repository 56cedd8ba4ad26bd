/** `data:` URLs: images travel as data URLs in the model (`ImagePart.url`) and as base64 + media type in some dialects. */

export interface DataUrl {
  mediaType: string;
  data: string;
}

const DATA_URL = /^data:([^;,]*)(;[^,]*)?;base64,/;

/** The media type and base64 data of a base64 `data:` URL, or undefined. */
export function parseDataUrl(url: string): DataUrl | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  return { mediaType: match[1] ?? '', data: url.slice(match[0].length) };
}

export function dataUrl(mediaType: string, data: string): string {
  return `data:${mediaType};base64,${data}`;
}

/** The image type of base64 data from its first bytes (for sources that give bare base64). */
export function sniffImageType(base64: string): string {
  if (base64.startsWith('iVBORw0KGgo')) return 'image/png';
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('R0lGOD')) return 'image/gif';
  if (base64.startsWith('UklGR')) return 'image/webp';
  return 'application/octet-stream';
}
