// The "?" overlay: every shortcut of the trading screen, from trade-hotkeys.ts.
import { useEffect, useRef } from 'react';
import { useKeyDown } from '@web/lib/dom/use-key-down';
import { tradeHotkeyHelp } from './trade-hotkeys';

export function HotkeyHelp({ onClose }: { onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => close.current?.focus(), []);
  useKeyDown(dialog, (e) => {
    if (e.key === 'Escape' || e.key === '?') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  });
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/40 p-3">
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby="hotkey-help-title" className="w-full max-w-md rounded-md border border-line bg-panel p-4 text-sm shadow-lg">
        <h2 id="hotkey-help-title" className="mb-2 font-semibold">
          Keyboard shortcuts
        </h2>
        <table aria-label="Keyboard shortcuts" className="w-full">
          <thead className="sr-only">
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {tradeHotkeyHelp.map(([k, what]) => (
              <tr key={k}>
                <th scope="row" className="py-0.5 pr-3 text-left align-top font-normal whitespace-nowrap">
                  <kbd className="rounded border border-line px-1 text-xs">{k}</kbd>
                </th>
                <td className="py-0.5 text-muted">{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button ref={close} type="button" onClick={onClose} className="mt-3 rounded border border-line px-3 py-1 hover:bg-raised">
          Close
        </button>
      </div>
    </div>
  );
}
