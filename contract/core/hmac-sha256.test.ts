import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacSha256 } from './hmac-sha256';

const nodeHmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64');
const hexToBase64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

describe('HmacSha256', () => {
  it('gives RFC 4231 test case 2', () => {
    expect(new HmacSha256('Jefe').base64('what do ya want for nothing?')).toBe(hexToBase64('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'));
  });

  it('gives the published REST vector (upstream-facts.md "Signing")', () => {
    expect(new HmacSha256('22582BD0CFF14C41EDBF1AB98506286D').base64('16273667805456GET/api/mix/v2/market/depth?limit=20&symbol=BTCUSDT')).toBe(
      '30l+qfOwyfwL90Ss/Wz2h2be1+vlW/DKH5rcFIsocEI=',
    );
  });

  // Where padding changes shape: the 0x80 byte and the 64-bit length fit in one block up to
  // 55 bytes, need a second from 56; a key over 64 bytes is hashed first.
  it('agrees with node:crypto at every length around the block edges', () => {
    for (const secret of ['k', 'x'.repeat(64), 'y'.repeat(65), 'z'.repeat(200)]) {
      const mac = new HmacSha256(secret);
      for (let length = 0; length <= 200; length++) {
        const text = 'a'.repeat(length);
        expect(mac.base64(text), `key ${secret.length} bytes, text ${length}`).toBe(nodeHmac(secret, text));
      }
    }
  });

  it('agrees with node:crypto for any key and text, UTF-8 included', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 100, unit: 'grapheme' }), fc.string({ maxLength: 3000, unit: 'grapheme' }), (secret, text) => {
        expect(new HmacSha256(secret).base64(text)).toBe(nodeHmac(secret, text));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps each key apart when several sign in turn, and after a long text', () => {
    const a = new HmacSha256('secret-a');
    const b = new HmacSha256('secret-b');
    const long = '{"orders":"' + 'é'.repeat(50_000) + '"}';
    expect(a.base64(long)).toBe(nodeHmac('secret-a', long));
    expect(b.base64('short')).toBe(nodeHmac('secret-b', 'short'));
    expect(a.base64('short')).toBe(nodeHmac('secret-a', 'short'));
  });
});
