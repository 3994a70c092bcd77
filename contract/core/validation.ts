// Turns a zod failure into one clear problem naming the field, e.g.
// "clientOid: must be 1 to 32 characters ...". Used by the proxy (400 answers), the
// simulator (40017 answers) and the web forms (errors next to their field).
import type { z } from 'zod';

export type Checked<T> = { ok: true; data: T } | { ok: false; field: string; message: string };

export function fieldOf(path: readonly PropertyKey[], prefix: readonly (string | number)[] = []): string {
  const parts = [...prefix, ...path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  return parts.length ? parts.join('.') : '(body)';
}

export function firstProblem(error: z.ZodError, prefix: readonly (string | number)[] = []): { field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: fieldOf([], prefix), message: 'is invalid' };
  const field = fieldOf(issue.path, prefix);
  // An unknown key reports the key itself as the field.
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    return { field: fieldOf([...issue.path, keys[0] ?? '?'], prefix), message: 'is not a known parameter' };
  }
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) {
    return { field, message: 'is required' };
  }
  return { field, message: issue.message };
}

export function check<S extends z.ZodType>(schema: S, value: unknown, prefix: readonly (string | number)[] = []): Checked<z.infer<S>> {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, ...firstProblem(r.error, prefix) };
}
