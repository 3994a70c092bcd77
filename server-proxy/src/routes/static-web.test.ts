import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream } from '../test-support/fake-upstream';
import { testDesk, type TestDesk } from '../test-support/test-desk';
import { tempDir } from '../test-support/temp-dir';

let upstream: FakeUpstream;
let desk: TestDesk;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  const web = tempDir('desk-web-');
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>UTA Desk</title><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
  desk = await testDesk(upstream.url, {}, { webDir: web });
});
afterAll(async () => {
  await desk.app.close();
  await upstream.close();
});

describe('serving the built web app', () => {
  it('serves files and falls back to index.html for client routes', async () => {
    expect((await desk.app.inject('/')).body).toContain('UTA Desk');
    expect((await desk.app.inject('/assets/app.js')).body).toBe('console.log(1)');
    const route = await desk.app.inject('/trade/BTCUSDT');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<div id="root">');
  });

  it('answers a missing asset and server paths with 404, not the app', async () => {
    expect((await desk.app.inject('/assets/missing.js')).statusCode).toBe(404);
    for (const path of ['/auth/nothing', '/ws/nothing', '/audit/x']) {
      const res = await desk.app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('DESK404');
    }
  });

  it('serves the app for a browser opening /audit, and the API to fetch()', async () => {
    const page = await desk.app.inject({ url: '/audit', headers: { 'sec-fetch-dest': 'document', accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await desk.app.inject({ url: '/audit', headers: { 'sec-fetch-dest': 'empty', accept: 'application/json' } });
    expect(api.statusCode).toBe(401); // no session: the API answered, not the page
    expect(api.json().code).toBe('DESK401');
  });

  it('says to run npm run build when dist/web is missing', async () => {
    const bare = await testDesk(upstream.url, {}, { webDir: join(tmpdir(), 'no-such-web-dir') });
    try {
      expect(bare.webBuilt).toBe(false);
      const res = await bare.app.inject('/');
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.app.close();
    }
  });
});
