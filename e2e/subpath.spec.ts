/**
 * dist/ works from any sub-path of a static host: serve it under /some/sub/path/ with a tiny
 * static server (no SPA fallback, like a plain host) and use the app there.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { DIST_DIR } from '../playwright.config.ts';
import type { AddressInfo } from 'node:net';
import { test } from './fixtures.ts';

const PREFIX = '/some/sub/path/';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.svg': 'image/svg+xml', '.json': 'application/json' };

let server: Server;
let origin: string;

test.beforeAll(async () => {
  const root = resolve(process.cwd(), DIST_DIR);
  server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(PREFIX)) {
      response.writeHead(404).end();
      return;
    }
    const relative = normalize(path.slice(PREFIX.length) || 'index.html');
    if (relative.startsWith('..')) {
      response.writeHead(403).end();
      return;
    }
    readFile(join(root, relative)).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('the built site works from a sub-path', async ({ parley }) => {
  await parley.goto(`${origin}${PREFIX}`);
  await parley.expectPreviewToContain('Research machine learning for me');
  await parley.field('Message 2 part 1 text').fill('From a sub-path');
  await parley.expectPreviewToContain('From a sub-path');
});
