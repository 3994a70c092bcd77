import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BrokerSubaccount } from '@contract/schemas/broker-subaccounts';
import { matchesSearch } from './subaccount-list';

const sub = (subUid: string, label = 'vip-001', status: BrokerSubaccount['status'] = 'normal'): BrokerSubaccount => ({ subUid, subaccountName: '', status, permList: [], label, language: 'en_US', cTime: '0', uTime: '0' });

describe('matchesSearch', () => {
  it('finds by UID fragment, label (any case) and status', () => {
    expect(matchesSearch(sub('3100123'), '0012')).toBe(true);
    expect(matchesSearch(sub('3100123', 'Promo-7'), 'promo')).toBe(true);
    expect(matchesSearch(sub('3100123', 'x', 'freeze'), 'freeze')).toBe(true);
    expect(matchesSearch(sub('3100123'), 'nothing')).toBe(false);
  });

  it('takes "a-b" as a UID range with both ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3100001, max: 3101200 }), fc.integer({ min: 3100001, max: 3101200 }), fc.integer({ min: 3100001, max: 3101200 }), (a, b, u) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(matchesSearch(sub(String(u)), `${lo}-${hi}`)).toBe(u >= lo && u <= hi);
      }),
    );
  });
});
