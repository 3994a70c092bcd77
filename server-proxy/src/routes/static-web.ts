import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeskContext } from './desk-context';
import { replyError } from '../http/error-reply';

const SERVER_PREFIXES = ['/api/', '/auth/', '/ws/', '/audit'];
/** Paths that are an API for fetch() and a screen of the app for a browser's address bar. */
const APP_AND_API_PATHS = new Set(['/audit']);

function isDocumentNavigation(request: FastifyRequest): boolean {
  const dest = request.headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document';
  return /^\s*text\/html/.test(request.headers.accept ?? '');
}

const notBuiltPage = `<!doctype html><html lang="en"><meta charset="utf-8"><title>UTA Desk</title>
<body><h1>The web app is not built</h1><p>Run <code>npm run build</code> (or use <code>npm start</code>, which builds first), then reload.</p></body></html>`;

/**
 * Serves the built web app (dist/web) with index.html for client routes; paths the
 * server owns (/api, /auth, /ws, /audit) get a JSON 404 instead.
 */
export async function registerStaticWeb(app: FastifyInstance, ctx: DeskContext, webDir: string | null): Promise<{ built: boolean }> {
  const root = webDir ? resolve(webDir) : null;
  const built = root !== null && existsSync(resolve(root, 'index.html'));
  if (built && root) {
    await app.register(fastifyStatic, { root, wildcard: true, index: ['index.html'], cacheControl: true, maxAge: 0 });
    // /audit is both the API (issue 5) and the app's Audit screen: a browser loading the
    // page (a document navigation, or a reload there) gets the app, which then fetches
    // the API with Accept: application/json.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'GET' && isDocumentNavigation(request) && APP_AND_API_PATHS.has(request.url.split('?')[0] ?? '')) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
      }
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (SERVER_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) {
      return replyError(request, reply, 'DESK404', { method: request.method, path: path.slice(0, 100) }, ctx.clock.now());
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return replyError(request, reply, 'DESK404', { method: request.method, path: path.slice(0, 100) }, ctx.clock.now());
    }
    if (!built) return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage);
    // A client route (no file extension) gets the app; a missing asset stays a 404.
    if (/\.[A-Za-z0-9]+$/.test(path)) return replyError(request, reply, 'DESK404', { method: request.method, path: path.slice(0, 100) }, ctx.clock.now());
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
  });
  return { built };
}
