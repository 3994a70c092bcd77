// The audit screen's filters. Values are kept as typed; they become a query only on
// "Search", and a problem is shown next to its field (nothing is sent).
import { useId, useState } from 'react';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { auditQueryFrom, emptyAuditFilter, type AuditFilterField, type AuditFilterForm } from './audit-filters';
import type { AuditQueryInput } from '@web/lib/api/audit-log';

export interface AuditFilterFormProps {
  accounts: readonly string[];
  endpoints: readonly string[];
  onSearch(query: Omit<AuditQueryInput, 'cursor'>): void;
}

export function AuditFilterFormView({ accounts, endpoints, onSearch }: AuditFilterFormProps) {
  const [form, setForm] = useState<AuditFilterForm>(emptyAuditFilter);
  const [problem, setProblem] = useState<{ field: AuditFilterField; message: string } | null>(null);
  const accountsId = useId();
  const endpointsId = useId();
  const errorOf = (field: AuditFilterField) => (problem?.field === field ? problem.message : undefined);
  const field = (name: AuditFilterField) => ({
    value: form[name],
    error: errorOf(name),
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      if (problem?.field === name) setProblem(null);
    },
  });

  const search = () => {
    const r = auditQueryFrom(form);
    if (!r.ok) {
      setProblem({ field: r.field, message: r.message });
      return;
    }
    setProblem(null);
    onSearch(r.query);
  };

  return (
    <form
      aria-label="Audit filters"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        search();
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <TextField label="User" autoComplete="off" {...field('user')} />
      <TextField label="Account" autoComplete="off" list={accountsId} {...field('account')} />
      <datalist id={accountsId}>
        {accounts.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <TextField label="Endpoint" autoComplete="off" list={endpointsId} {...field('endpoint')} />
      <datalist id={endpointsId}>
        {endpoints.map((e) => (
          <option key={e} value={e} />
        ))}
      </datalist>
      <TextField label="Result code" autoComplete="off" className="w-28" {...field('code')} />
      <TextField label="From" type="datetime-local" {...field('from')} />
      <TextField label="To" type="datetime-local" {...field('to')} />
      <TextField label="Page size" inputMode="numeric" className="w-24" {...field('limit')} />
      <Button type="submit" variant="primary">
        Search
      </Button>
      <Button
        onClick={() => {
          setForm(emptyAuditFilter);
          setProblem(null);
          const r = auditQueryFrom(emptyAuditFilter);
          if (r.ok) onSearch(r.query);
        }}
      >
        Clear filters
      </Button>
    </form>
  );
}
