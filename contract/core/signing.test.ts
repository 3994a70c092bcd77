import { describe, expect, it } from 'vitest';
import { buildWsLogin, restPrehash, RestSigner, signaturesMatch, signRest, signedHeaders, wsLoginSign } from './signing';

// The three vectors of upstream-facts.md "Signing", reproduced exactly.
const secret = '22582BD0CFF14C41EDBF1AB98506286D';

describe('REST signing', () => {
  it('signs a GET with a query string like the published vector', () => {
    expect(restPrehash('16273667805456', 'GET', '/api/mix/v2/market/depth', 'limit=20&symbol=BTCUSDT', '')).toBe(
      '16273667805456GET/api/mix/v2/market/depth?limit=20&symbol=BTCUSDT',
    );
    expect(
      signRest({ secret, timestamp: '16273667805456', method: 'get', path: '/api/mix/v2/market/depth', query: 'limit=20&symbol=BTCUSDT' }),
    ).toBe('30l+qfOwyfwL90Ss/Wz2h2be1+vlW/DKH5rcFIsocEI=');
  });

  it('signs a POST with a JSON body like the published vector', () => {
    const body = '{"productType":"usdt-futures","symbol":"BTCUSDT","size":"8","marginMode":"crossed","side":"buy","orderType":"limit","clientOid":"channel#123456"}';
    expect(signRest({ secret, timestamp: '16273667805456', method: 'POST', path: '/api/v2/mix/order/place-order', body })).toBe(
      'jIRuviYIBOMtYTXX+ji2u+/QsuvmwgqRWhM6kiexTEU=',
    );
  });

  it('changes the signature when one byte of the body changes', () => {
    const a = signRest({ secret, timestamp: '1', method: 'POST', path: '/p', body: '{"qty":"1"}' });
    const b = signRest({ secret, timestamp: '1', method: 'POST', path: '/p', body: '{"qty":"2"}' });
    expect(a).not.toBe(b);
    expect(signaturesMatch(a, a)).toBe(true);
    expect(signaturesMatch(a, b)).toBe(false);
    expect(signaturesMatch(a, 'short')).toBe(false);
  });

  it('signs both published vectors the same with a keyed RestSigner (what the proxy uses)', () => {
    const signer = new RestSigner(secret);
    expect(signer.sign({ timestamp: '16273667805456', method: 'get', path: '/api/mix/v2/market/depth', query: 'limit=20&symbol=BTCUSDT' })).toBe('30l+qfOwyfwL90Ss/Wz2h2be1+vlW/DKH5rcFIsocEI=');
    const body = '{"productType":"usdt-futures","symbol":"BTCUSDT","size":"8","marginMode":"crossed","side":"buy","orderType":"limit","clientOid":"channel#123456"}';
    expect(signer.sign({ timestamp: '16273667805456', method: 'POST', path: '/api/v2/mix/order/place-order', body })).toBe('jIRuviYIBOMtYTXX+ji2u+/QsuvmwgqRWhM6kiexTEU=');
  });

  it('builds the spec 5 headers', () => {
    const h = signedHeaders({ apiKey: 'k', secret, passphrase: 'p' }, { timestamp: '16273667805456', method: 'GET', path: '/api/mix/v2/market/depth', query: 'limit=20&symbol=BTCUSDT' }, 'zh-CN');
    expect(h['ACCESS-SIGN']).toBe('30l+qfOwyfwL90Ss/Wz2h2be1+vlW/DKH5rcFIsocEI=');
    expect(h.locale).toBe('zh-CN');
    expect(h['ACCESS-TIMESTAMP']).toBe('16273667805456');
  });
});

describe('WebSocket login signing', () => {
  it('reproduces the published login vector (timestamp in seconds)', () => {
    expect(wsLoginSign(secret, '1538054050')).toBe('/4S0C3L8mGdm8894ulf8wfnQ6dqMXO8Iw95zlvMN8Zw=');
  });

  it('builds the login message with the signature', () => {
    const msg = buildWsLogin({ apiKey: 'key', passphrase: 'pass', secret, timestamp: '1538054050' });
    expect(msg).toEqual({ op: 'login', args: [{ apiKey: 'key', passphrase: 'pass', timestamp: '1538054050', sign: '/4S0C3L8mGdm8894ulf8wfnQ6dqMXO8Iw95zlvMN8Zw=' }] });
  });
});
