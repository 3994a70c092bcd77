import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from './config';
import { tempDir } from '../test-support/temp-dir';

describe('configuration', () => {
  it('defaults to 127.0.0.1:8080 with the simulator on 8090', () => {
    const c = loadConfig({}, []);
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8080, simPort: 8090, dataDir: './.desk', useUpstream: false, bodyLimit: 65536 });
    expect(c.upstream.rest).toBeUndefined();
  });

  it('layers the config file under the environment', () => {
    const file = join(tempDir('desk-cfg-'), 'desk.json');
    writeFileSync(file, JSON.stringify({ port: 9000, simPort: 9100, upstream: { timeoutMs: 2000, extraHeaders: { paptrading: '1' } } }));
    const c = loadConfig({ DESK_CONFIG: file, PORT: '9001', DESK_UPSTREAM_REST: 'https://api.example.com' }, []);
    expect(c.port).toBe(9001);
    expect(c.simPort).toBe(9100);
    expect(c.upstream).toMatchObject({ rest: 'https://api.example.com', timeoutMs: 2000, extraHeaders: { paptrading: '1' } });
  });

  it('requires every upstream URL with --upstream and names the missing variables', () => {
    expect(() => loadConfig({ DESK_UPSTREAM_REST: 'https://api.example.com' }, ['--upstream'])).toThrow(/DESK_UPSTREAM_WS_PUBLIC, DESK_UPSTREAM_WS_PRIVATE/);
  });

  it('rejects a malformed port or an unknown config key with a clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, [])).toThrow(ConfigError);
    const file = join(tempDir('desk-cfg-'), 'desk.json');
    writeFileSync(file, JSON.stringify({ prot: 1 }));
    expect(() => loadConfig({ DESK_CONFIG: file }, [])).toThrow(/prot/);
  });

  it('treats only loopback hosts as local', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
  });
});
