/**
 * A plain static host for the built site under a sub-path (no SPA fallback, like a simple host),
 * for the tests that need more than `vite preview` gives: a sub-path, and a second version of
 * the site deployed over the first (`deploy`).
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { DIST_DIR } from '../playwright.config.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Changes a file's bytes as served (a later deploy); undefined: the built file as it is. */
export type Rewrite = (path: string, body: Buffer) => Buffer | undefined;

export interface StaticHost {
  /** The site's address, ending in the sub-path and '/'. */
  url: string;
  /** Serve files through `rewrite` from now on (a new version deployed). */
  deploy(rewrite: Rewrite): void;
  /** Paths requested so far, relative to the sub-path. */
  requested: string[];
  close(): Promise<void>;
}

export async function serveDist(prefix: string): Promise<StaticHost> {
  const root = resolve(process.cwd(), DIST_DIR);
  let rewrite: Rewrite = () => undefined;
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) {
      response.writeHead(404).end();
      return;
    }
    const relative = normalize(path.slice(prefix.length) || 'index.html');
    if (relative.startsWith('..')) {
      response.writeHead(403).end();
      return;
    }
    requested.push(relative);
    readFile(join(root, relative)).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream' }).end(rewrite(relative, body) ?? body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    deploy: (next) => {
      rewrite = next;
    },
    requested,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
