import { useStore } from 'zustand';
import { badInput } from '@web/lib/bad-input/bad-input-store';

/**
 * Beside the connection status: how many pushes and answers failed the contract since the
 * page loaded, and where. Hidden while there are none; never silent when there are.
 */
export function BadInputWarning() {
  const { entries, total } = useStore(badInput.store);
  if (total === 0) return null;
  const label = `${total} ${total === 1 ? 'message' : 'messages'} not understood`;
  return (
    <details className="relative text-sm" aria-label={`Warning: ${label}`}>
      <summary className="cursor-pointer whitespace-nowrap font-medium text-warn">
        <span aria-hidden="true">⚠ </span>
        <span role="status">{label}</span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-80 rounded border border-line bg-panel p-2 shadow">
        <p className="mb-1 text-muted">These failed the exchange contract and were not applied; what they would have changed may be out of date.</p>
        <ul>
          {entries.map((e) => (
            <li key={`${e.channel} ${e.field}`} className="break-words">
              <span className="font-medium">{e.channel}</span>: {e.field} {e.message} ({e.count}×)
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
