import { describe, expect, it } from 'vitest';
import { auditQueryFrom, emptyAuditFilter, localTimeRange } from './audit-filters';

const local = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();

describe('localTimeRange', () => {
  it('covers the whole minute a minute-precision time names', () => {
    expect(localTimeRange('2024-05-01T09:30')).toEqual([local(2024, 5, 1, 9, 30), local(2024, 5, 1, 9, 30) + 59_999]);
  });

  it('covers the whole second when seconds are given', () => {
    expect(localTimeRange('2024-05-01T09:30:15')).toEqual([local(2024, 5, 1, 9, 30, 15), local(2024, 5, 1, 9, 30, 15) + 999]);
  });

  it('refuses a day that does not exist rather than rolling over', () => {
    expect(localTimeRange('2024-02-30T10:00')).toBeNull();
    expect(localTimeRange('yesterday')).toBeNull();
  });
});

describe('auditQueryFrom', () => {
  it('sends only the filters that are filled in, trimmed', () => {
    expect(auditQueryFrom({ ...emptyAuditFilter, user: ' admin ', endpoint: 'placeOrder' })).toEqual({ ok: true, query: { user: 'admin', endpoint: 'placeOrder', limit: '50' } });
  });

  it('sends the time range as Unix milliseconds, the end inclusive of its minute', () => {
    const r = auditQueryFrom({ ...emptyAuditFilter, from: '2024-05-01T09:00', to: '2024-05-01T10:00' });
    expect(r).toEqual({ ok: true, query: { from: String(local(2024, 5, 1, 9, 0)), to: String(local(2024, 5, 1, 10, 0) + 59_999), limit: '50' } });
  });

  it('refuses an end before the start, on the To field', () => {
    expect(auditQueryFrom({ ...emptyAuditFilter, from: '2024-05-01T10:00', to: '2024-05-01T09:00' })).toEqual({ ok: false, field: 'to', message: 'must not be before From' });
  });

  it('refuses a page size above 100 or below 1, on the page size field', () => {
    expect(auditQueryFrom({ ...emptyAuditFilter, limit: '101' })).toMatchObject({ ok: false, field: 'limit' });
    expect(auditQueryFrom({ ...emptyAuditFilter, limit: '0' })).toMatchObject({ ok: false, field: 'limit' });
    expect(auditQueryFrom({ ...emptyAuditFilter, limit: '100' })).toMatchObject({ ok: true, query: { limit: '100' } });
  });

  it('refuses what the proxy would, naming the field (a user name over 64 characters)', () => {
    expect(auditQueryFrom({ ...emptyAuditFilter, user: 'u'.repeat(65) })).toMatchObject({ ok: false, field: 'user' });
  });
});
