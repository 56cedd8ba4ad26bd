import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptMap, DATASET_FILE_TYPES, inputAccept } from '../files/file-types.ts';
import { webAppManifest } from './manifest.ts';

const PUBLIC = join(import.meta.dirname, '..', '..', '..', 'public');

function pngSize(path: string): string {
  const body = readFileSync(path);
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  const manifest = webAppManifest();

  it('opens .jsonl, .ndjson, .json and .parquet files, on the app page itself', () => {
    expect(manifest.file_handlers).toEqual([{ action: './', accept: { 'application/jsonl': ['.jsonl'], 'application/x-ndjson': ['.ndjson'], 'application/json': ['.json'], 'application/vnd.apache.parquet': ['.parquet'] } }]);
  });

  it('follows the one list of file types: a type added there is handled by the installed app', () => {
    const withArrow = [...DATASET_FILE_TYPES, { mime: 'application/vnd.apache.arrow.file', extensions: ['.arrow'] }];
    expect(webAppManifest(withArrow).file_handlers[0]?.accept['application/vnd.apache.arrow.file']).toEqual(['.arrow']);
  });

  it('uses only URLs relative to itself, so that the site works from any sub-path', () => {
    for (const url of [manifest.id, manifest.start_url, manifest.scope, ...manifest.icons.map((icon) => icon.src), ...manifest.file_handlers.map((handler) => handler.action)]) {
      expect(url, url).not.toMatch(/^\/|^[a-z]+:/);
    }
  });

  it('names icons that exist in public/ at the sizes it claims', () => {
    for (const icon of manifest.icons) {
      const path = join(PUBLIC, icon.src);
      if (icon.type === 'image/png') expect(pngSize(path), icon.src).toBe(icon.sizes);
      else expect(readFileSync(path, 'utf8'), icon.src).toContain('<svg');
    }
  });
});

describe('the dataset file types', () => {
  it('give the pickers the same extensions', () => {
    expect(Object.values(acceptMap()).flat().sort()).toEqual(['.json', '.jsonl', '.ndjson', '.parquet']);
    expect(inputAccept().split(',').sort()).toEqual(['.json', '.jsonl', '.ndjson', '.parquet', 'application/json']);
  });

  it('merge extensions that share a MIME type', () => {
    expect(acceptMap([{ mime: 'a/b', extensions: ['.x'] }, { mime: 'a/b', extensions: ['.y'] }])).toEqual({ 'a/b': ['.x', '.y'] });
  });
});
