import { describe, expect, it } from 'vitest';
import { btcPerp, btcSpot } from './instrument-fixtures.test-support';
import { instrumentMeta, type InstrumentMeta } from './instrument-meta';
import { presetQty } from './qty-presets';
import { isValidClientOid, newClientOid } from './client-oid';

const spot = instrumentMeta(btcSpot) as InstrumentMeta;
const perp = instrumentMeta(btcPerp) as InstrumentMeta;

describe('presetQty', () => {
  it('takes exact percentages of the maximum', () => {
    expect(presetQty('2', 25, spot)).toBe('0.5000');
    expect(presetQty('2', 100, spot)).toBe('2.0000');
  });

  it('rounds down to the lot, never up past the maximum', () => {
    // 75% of 0.0003 is 0.000225: two lots, not three.
    expect(presetQty('0.0003', 75, spot)).toBe('0.0002');
    expect(presetQty('0.9999', 50, perp)).toBe('0.499');
  });

  it('avoids float artefacts such as 0.30000000000000004', () => {
    expect(presetQty('0.6', 50, spot)).toBe('0.3000');
    expect(presetQty('1.2', 25, spot)).toBe('0.3000');
  });

  it('caps at the instrument maximum quantity', () => {
    expect(presetQty('500', 100, spot)).toBe('100.0000');
  });

  it('gives nothing for an unknown maximum or less than one lot', () => {
    expect(presetQty('', 25, spot)).toBe('');
    expect(presetQty('0.0001', 25, spot)).toBe('');
  });
});

describe('newClientOid', () => {
  it('is inside the spec 8 charset and at most 32 characters', () => {
    const oid = newClientOid();
    expect(isValidClientOid(oid)).toBe(true);
    expect(oid.length).toBeLessThanOrEqual(32);
  });

  it('differs between calls', () => {
    expect(newClientOid()).not.toBe(newClientOid());
  });
});
