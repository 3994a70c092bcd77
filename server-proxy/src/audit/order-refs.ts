/**
 * Collects orderId and clientOid values from a request body and a response `data`,
 * singles and batches alike (arrays, {list: [...]}, {orderList: [...]}), for the audit log.
 */
export function collectOrderRefs(...values: unknown[]): { orderIds: string[]; clientOids: string[] } {
  const orderIds = new Set<string>();
  const clientOids = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 100)) visit(item, depth + 1);
      return;
    }
    const obj = value as Record<string, unknown>;
    const id = obj.orderId;
    const oid = obj.clientOid;
    if ((typeof id === 'string' || typeof id === 'number') && String(id) !== '') orderIds.add(String(id));
    if (typeof oid === 'string' && oid !== '') clientOids.add(oid);
    for (const [k, v] of Object.entries(obj)) if (typeof v === 'object' && k !== 'orderId') visit(v, depth + 1);
  };
  for (const v of values) visit(v, 0);
  return { orderIds: [...orderIds], clientOids: [...clientOids] };
}
