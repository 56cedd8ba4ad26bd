/**
 * The decompressors the app gives hyparquet: hyparquet-compressors' pure-JS ones, imported one
 * by one, because its index instantiates its WebAssembly snappy on import, which the site's
 * Content-Security-Policy does not allow (no 'wasm-unsafe-eval'). Snappy pages use hyparquet's
 * own JS decoder (used when no SNAPPY decompressor is given).
 */
import type { Compressors } from 'hyparquet';
import { decompressBrotli } from 'hyparquet-compressors/src/brotli.js';
import { gunzip } from 'hyparquet-compressors/src/gzip.js';
import { decompressLz4, decompressLz4Raw } from 'hyparquet-compressors/src/lz4.js';
import { decompress as decompressZstd } from 'fzstd';

export const APP_COMPRESSORS: Compressors = {
  GZIP: (input, length) => gunzip(input, new Uint8Array(length)),
  BROTLI: decompressBrotli,
  ZSTD: (input) => decompressZstd(input),
  LZ4: decompressLz4,
  LZ4_RAW: decompressLz4Raw,
};
