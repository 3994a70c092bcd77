import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { auditRow } from '@web/lib/api/audit-row.test-support';
import { auditResultOf } from './audit-result';
import { AuditTable } from './audit-table';

describe('audit result', () => {
  it('shows a row still sent as unknown, not as a success or a failure', () => {
    expect(auditResultOf({ state: 'sent', code: '', msg: '' })).toMatchObject({ tone: 'unknown', code: 'sent' });
    expect(auditResultOf({ state: 'sent', code: '', msg: '' }).text).toContain('the order may exist');
    expect(auditResultOf({ state: 'complete', code: '00000', msg: 'success' })).toEqual({ tone: 'ok', code: '00000', text: 'success' });
    expect(auditResultOf({ state: 'complete', code: '0', msg: '' }).tone).toBe('ok');
    expect(auditResultOf({ state: 'complete', code: 'DESK403', msg: 'no' })).toEqual({ tone: 'failed', code: 'DESK403', text: 'no' });
    // Rows from a proxy before write-ahead carry no state: they were all complete.
    expect(auditResultOf({ code: '25202', msg: 'Insufficient balance' }).tone).toBe('failed');
  });

  it('renders a sent row with its warning and a complete row with its code and message', () => {
    const html = renderToStaticMarkup(
      <AuditTable rows={[auditRow({ id: 2, state: 'sent', httpStatus: 0, code: '', msg: '' }), auditRow({ id: 1, state: 'complete' })]} />,
    );
    const [sent, done] = html.split('aria-label="Audit entry ').slice(1);
    expect(sent).toContain('text-warn');
    expect(sent).toContain('no result recorded');
    expect(done).toContain('text-buy');
    expect(done).toContain('00000</span> success');
  });
});
