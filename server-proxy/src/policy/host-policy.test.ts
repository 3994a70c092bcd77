import { describe, expect, it } from 'vitest';
import { HostPolicy, unknownHostRefusal } from './host-policy';

describe('HostPolicy', () => {
  it('answers a repeated allowed Host from memory and still refuses any other, in either order', () => {
    const hosts = new HostPolicy('127.0.0.1', ['http://desk.example:8080'], []);
    expect(hosts.isAllowed('desk.example:8080')).toBe(true);
    expect(hosts.isAllowed('desk.example:8080')).toBe(true);
    expect(hosts.isAllowed('evil.example:8080')).toBe(false);
    expect(hosts.isAllowed('DESK.example')).toBe(true);
    expect(hosts.isAllowed('evil.example')).toBe(false);
    expect(hosts.isAllowed(['desk.example'])).toBe(false);
    expect(hosts.isAllowed('')).toBe(false);
  });

  it('names a refused Host printably and bounded', () => {
    expect(unknownHostRefusal('evil\u0000.example')).toEqual({ detail: 'evil?.example' });
    expect(unknownHostRefusal(undefined)).toEqual({ detail: '(none)' });
    expect(unknownHostRefusal('x'.repeat(300)).detail).toHaveLength(100);
  });
});
