// Tells loaded lists (history, fills, financial records) that they are stale: the
// private channels say what happened, the lists fetch their head again.
export type ListTopic = 'history' | 'fills' | 'records';

const listeners = new Map<ListTopic, Set<() => void>>();

export function onListStale(topic: ListTopic, listener: () => void): () => void {
  let set = listeners.get(topic);
  if (!set) listeners.set(topic, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function markListsStale(...topics: ListTopic[]): void {
  for (const topic of topics) for (const l of [...(listeners.get(topic) ?? [])]) l();
}
