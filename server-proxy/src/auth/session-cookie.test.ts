import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCookie, SESSION_COOKIE } from './session-cookie';

describe('readCookie', () => {
  it('finds the cookie first, last, alone or among others, ignoring spaces around name and value', () => {
    expect(readCookie('desk_session=abc', SESSION_COOKIE)).toBe('abc');
    expect(readCookie('a=1; desk_session=abc', SESSION_COOKIE)).toBe('abc');
    expect(readCookie('desk_session=abc; a=1', SESSION_COOKIE)).toBe('abc');
    expect(readCookie(' a=1 ;  desk_session = abc ; b=2', SESSION_COOKIE)).toBe('abc');
  });

  it('returns nothing without a header, without the cookie, or for a name that only ends or starts with it', () => {
    expect(readCookie(undefined, SESSION_COOKIE)).toBeUndefined();
    expect(readCookie('', SESSION_COOKIE)).toBeUndefined();
    expect(readCookie('a=1; b=2', SESSION_COOKIE)).toBeUndefined();
    expect(readCookie('xdesk_session=abc; desk_session_old=def', SESSION_COOKIE)).toBeUndefined();
    expect(readCookie('desk_session; a=1', SESSION_COOKIE)).toBeUndefined();
  });

  it('does not take an "=" from a later part as the name\'s', () => {
    expect(readCookie('desk_session; x=abc', SESSION_COOKIE)).toBeUndefined();
    expect(readCookie('flag; desk_session=abc', SESSION_COOKIE)).toBe('abc');
  });

  it('uses the first of two cookies of the name, and refuses a malformed value rather than look further', () => {
    expect(readCookie('desk_session=first; desk_session=second', SESSION_COOKIE)).toBe('first');
    expect(readCookie('desk_session=bad value!; desk_session=good', SESSION_COOKIE)).toBeUndefined();
    expect(readCookie('desk_session=', SESSION_COOKIE)).toBeUndefined();
    expect(readCookie(`desk_session=${'a'.repeat(129)}`, SESSION_COOKIE)).toBeUndefined();
    expect(readCookie(`desk_session=${'a'.repeat(128)}`, SESSION_COOKIE)).toBe('a'.repeat(128));
  });

  it('finds a well-formed session id wherever it sits among other cookies', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
    const otherName = token.filter((n) => n !== SESSION_COOKIE);
    const other = fc.tuple(otherName, fc.stringMatching(/^[^;]{0,20}$/)).map(([n, v]) => `${n}=${v}`);
    fc.assert(
      fc.property(fc.array(other, { maxLength: 5 }), fc.array(other, { maxLength: 5 }), token, (before, after, id) => {
        const header = [...before, `${SESSION_COOKIE}=${id}`, ...after].join('; ');
        expect(readCookie(header, SESSION_COOKIE)).toBe(id);
      }),
    );
  });
});
