import { describe, expect, it } from 'vitest';
import { ApiError, errorCatalog, errorEnvelope, errorMessage, httpStatusOf, localeFrom } from './errors';

describe('error catalog', () => {
  it('gives every code an HTTP status and a message in both locales', () => {
    for (const [code, def] of Object.entries(errorCatalog)) {
      expect(def.status, code).toBeGreaterThanOrEqual(400);
      expect(def.status, code).toBeLessThan(600);
      expect(def.en.length, code).toBeGreaterThan(0);
      expect(def.zh.length, code).toBeGreaterThan(0);
      expect(def.zh, code).not.toBe(def.en);
    }
  });

  it('covers the WebSocket codes 30001 to 30016', () => {
    for (let c = 30001; c <= 30016; c++) expect(Object.keys(errorCatalog)).toContain(String(c));
  });

  it('answers a bad signature with HTTP 400 and rate limits with 429', () => {
    expect(httpStatusOf('40009')).toBe(400);
    expect(httpStatusOf('429')).toBe(429);
  });

  it('picks the message language from the locale header', () => {
    expect(localeFrom('zh-CN')).toBe('zh-CN');
    expect(localeFrom(['zh-TW'])).toBe('zh-CN');
    expect(localeFrom('fr-FR')).toBe('en-US');
    expect(localeFrom(undefined)).toBe('en-US');
    expect(errorMessage('25212', 'zh-CN', { field: 'abc' })).toBe('重复的 clientOid abc');
    expect(errorMessage('25212', 'en-US', { field: 'abc' })).toBe('Duplicate clientOid abc');
  });

  it('builds the REST envelope with data null', () => {
    expect(errorEnvelope('40009', 'en-US', {}, 42)).toEqual({ code: '40009', msg: 'sign signature error', requestTime: 42, data: null });
  });

  it('carries code, status and field on ApiError', () => {
    const e = ApiError.of('DESK400', { field: 'clientOid', detail: 'too long' });
    expect(e).toMatchObject({ code: 'DESK400', status: 400, field: 'clientOid', message: 'clientOid: too long' });
  });
});
