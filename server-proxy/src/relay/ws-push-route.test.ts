import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelKey, readChannelArg } from './ws-channel';
import { ArgReader, scanPush } from './ws-push-route';

const buf = (text: string): Buffer => Buffer.from(text, 'utf8');

function argAndAction(text: string): { argText: string; action: string | undefined } | null {
  const bytes = buf(text);
  const head = scanPush(bytes);
  return head === null ? null : { argText: bytes.toString('utf8', head.argStart, head.argEnd), action: head.action };
}

describe('scanPush', () => {
  it('reads the arg and action of a push as upstream writes it, without reading its data', () => {
    const text = '{"arg":{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"},"action":"update","data":[{"a":[["1","2"]]}],"ts":1}';
    expect(argAndAction(text)).toEqual({ argText: '{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}', action: 'update' });
  });

  it('finds arg and action after other keys, with whitespace, and past strings holding braces and quotes', () => {
    const text = ' {\n "ts" : 17 , "note": "a } \\" ]{", "data" : [ {"x":"}"} ] ,\t"action" : "snapshot" , "arg" : { "topic" : "books5", "instType":"spot" } }\n';
    expect(argAndAction(text)).toEqual({ argText: '{ "topic" : "books5", "instType":"spot" }', action: 'snapshot' });
  });

  it('reads a push without an action', () => {
    expect(argAndAction('{"arg":{"instType":"spot","topic":"ticker"},"data":[]}')).toEqual({ argText: '{"instType":"spot","topic":"ticker"}', action: undefined });
  });

  it('leaves events (acks, errors, trade answers) to the full parse', () => {
    expect(scanPush(buf('{"event":"subscribe","arg":{"instType":"spot","topic":"books"}}'))).toBeNull();
    expect(scanPush(buf('{"arg":{"instType":"spot","topic":"books"},"event":"error","code":"30001"}'))).toBeNull();
    expect(scanPush(buf('{"event":"trade","id":"1","code":"0"}'))).toBeNull();
  });

  it('refuses text it cannot follow: not an object, cut short, an arg that is not an object, an escaped action', () => {
    for (const text of [
      '',
      'pong',
      '[1,2]',
      '{"arg":{"instType":"spot","topic":"books"},"action":"update","data":[[',
      '{"arg":{"instType":"spot","topic":"books"',
      '{"arg":"books","action":"update"}',
      '{"arg":{"instType":"spot","topic":"books"},"action":"up\\"date"}',
      '{"arg" {"instType":"spot"}}',
      '{"data":[1],"ts":2}',
    ]) {
      expect(scanPush(buf(text)), text).toBeNull();
    }
  });

  it('agrees with JSON.parse on the channel of any push, whatever the key order and spacing', () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/);
    const space = fc.constantFrom('', ' ', '\n', '\t ');
    fc.assert(
      fc.property(
        fc.record({ instType: word, topic: word, symbol: fc.option(word, { nil: undefined }) }),
        fc.constantFrom('snapshot', 'update'),
        fc.array(fc.oneof(fc.string(), fc.integer(), fc.array(fc.string())), { maxLength: 3 }),
        fc.integer({ min: 0, max: 5 }),
        space,
        fc.boolean(),
        (arg, action, data, rotate, ws, reverseArg) => {
          const argEntries = Object.entries(arg).filter(([, v]) => v !== undefined);
          if (reverseArg) argEntries.reverse();
          const argText = `{${argEntries.map(([k, v]) => `${ws}"${k}"${ws}:${ws}${JSON.stringify(v)}`).join(',')}${ws}}`;
          const fields: [string, string][] = [
            ['arg', argText],
            ['action', JSON.stringify(action)],
            ['data', JSON.stringify(data)],
            ['ts', '123'],
          ];
          const order = [...fields.slice(rotate % 4), ...fields.slice(0, rotate % 4)];
          const text = `${ws}{${order.map(([k, v]) => `"${k}"${ws}:${ws}${v}`).join(`${ws},${ws}`)}}${ws}`;
          const bytes = buf(text);
          const head = scanPush(bytes);
          const parsed = JSON.parse(text) as { arg: unknown; action: string };
          expect(head?.action).toBe(parsed.action);
          const routed = new ArgReader().read(bytes, head!.argStart, head!.argEnd);
          expect(routed?.key).toBe(channelKey(readChannelArg(parsed.arg)!));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('ArgReader', () => {
  it('gives two spellings of one channel the same key', () => {
    const reader = new ArgReader();
    const a = reader.readText('{"instType":"USDT-FUTURES","topic":"books","symbol":"BTCUSDT"}');
    const b = reader.readText('{ "symbol": "BTCUSDT", "topic": "books", "instType": "usdt-futures" }');
    expect(a?.key).toBe('usdt-futures|books|BTCUSDT');
    expect(b?.key).toBe(a?.key);
  });

  it('answers null for an arg that is not JSON or lacks instType or topic', () => {
    const reader = new ArgReader();
    expect(reader.readText('{"instType":')).toBeNull();
    expect(reader.readText('{"topic":"books"}')).toBeNull();
    expect(reader.readText('{"instType":"spot","topic":7}')).toBeNull();
  });

  it('stays within its size however many spellings arrive', () => {
    const reader = new ArgReader(8);
    for (let i = 0; i < 100; i++) expect(reader.readText(`{"instType":"spot","topic":"books","symbol":"S${i}"}`)?.key).toBe(`spot|books|S${i}`);
    expect((reader as unknown as { entries: unknown[] }).entries.length).toBeLessThanOrEqual(8);
    // And what it forgot it still reads right.
    expect(reader.readText('{"instType":"spot","topic":"books","symbol":"S0"}')?.key).toBe('spot|books|S0');
  });
});
