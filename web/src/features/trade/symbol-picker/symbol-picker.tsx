// The symbol picker: a button showing the current market; "/" or a click opens a dialog
// with category tabs, a search box and a keyboard-navigable list (arrows, Enter, Esc).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { InstrumentMeta, TradeCategory } from '@web/lib/instruments/instrument-meta';
import { useKeyDown } from '@web/lib/dom/use-key-down';
import { filterInstruments, moveIndex, pickerTabs } from './filter-instruments';

export interface SymbolPickerProps {
  instruments: readonly InstrumentMeta[];
  current: InstrumentMeta | undefined;
  onPick(m: InstrumentMeta): void;
}

export function SymbolPicker({ instruments, current, onPick }: SymbolPickerProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);
      if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="relative">
      <button type="button" aria-haspopup="dialog" aria-label={`Market: ${current ? `${current.symbol} ${categoryLabel(current.category)}` : 'choose'} (press / to change)`} onClick={() => setOpen(true)} className="flex items-center gap-2 rounded border border-line bg-panel px-3 py-1.5 text-sm font-semibold hover:bg-raised">
        {current?.symbol ?? 'Choose market'}
        {current && <span className="text-xs font-normal text-muted">{categoryLabel(current.category)}</span>}
        <kbd className="rounded border border-line px-1 text-xs font-normal text-muted">/</kbd>
      </button>
      {open && (
        <PickerDialog
          instruments={instruments}
          initialCategory={current?.category ?? 'spot'}
          onClose={() => setOpen(false)}
          onPick={(m) => {
            setOpen(false);
            onPick(m);
          }}
        />
      )}
    </div>
  );
}

function categoryLabel(c: TradeCategory): string {
  return pickerTabs.find((t) => t.category === c)?.label ?? c;
}

function PickerDialog({ instruments, initialCategory, onClose, onPick }: { instruments: readonly InstrumentMeta[]; initialCategory: TradeCategory; onClose(): void; onPick(m: InstrumentMeta): void }) {
  const [category, setCategoryOnly] = useState(initialCategory);
  const [text, setTextOnly] = useState('');
  const [index, setIndex] = useState(0);
  // A new tab or a new search starts the highlight at the top of the new list.
  const setCategory = (c: TradeCategory) => {
    setCategoryOnly(c);
    setIndex(0);
  };
  const setText = (t: string) => {
    setTextOnly(t);
    setIndex(0);
  };
  const input = useRef<HTMLInputElement>(null);
  const list = useMemo(() => filterInstruments(instruments, category, text), [instruments, category, text]);
  useEffect(() => input.current?.focus(), []);

  const dialog = useRef<HTMLDivElement>(null);
  useKeyDown(dialog, (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setIndex((i) => moveIndex(i, e.key === 'ArrowDown' ? 1 : -1, list.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const m = list[index];
      if (m) onPick(m);
    } else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && e.altKey) {
      const i = pickerTabs.findIndex((t) => t.category === category);
      setCategory(pickerTabs[moveIndex(i, e.key === 'ArrowRight' ? 1 : -1, pickerTabs.length)]!.category);
    }
  });
  const activeId = list[index] ? `picker-${list[index].category}-${list[index].symbol}` : undefined;
  return (
    <div ref={dialog} role="dialog" aria-modal="true" aria-label="Choose market" className="absolute top-full left-0 z-40 mt-1 w-80 max-w-[calc(100vw-1rem)] rounded-md border border-line bg-panel p-2 shadow-xl">
      <div role="tablist" aria-label="Category" className="mb-2 flex gap-1">
        {pickerTabs.map((t) => (
          <button key={t.category} type="button" role="tab" aria-selected={t.category === category} onClick={() => setCategory(t.category)} className={`rounded px-2 py-1 text-xs ${t.category === category ? 'bg-raised font-semibold' : 'text-muted'}`}>
            {t.label}
          </button>
        ))}
      </div>
      <input
        ref={input}
        role="combobox"
        aria-label="Search markets"
        aria-expanded="true"
        aria-controls="picker-list"
        aria-activedescendant={activeId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search"
        className="mb-2 w-full rounded border border-line bg-surface px-2 py-1 text-sm"
      />
      <ul id="picker-list" role="listbox" aria-label="Markets" className="max-h-64 overflow-y-auto">
        {list.length === 0 && <li className="px-2 py-1 text-sm text-muted">No market matches.</li>}
        {list.map((m, i) => (
          <li
            key={`${m.category}:${m.symbol}`}
            id={`picker-${m.category}-${m.symbol}`}
            role="option"
            aria-selected={i === index}
            onMouseEnter={() => setIndex(i)}
            // Keys reach the options through the search box (aria-activedescendant); a
            // press picks before the box would lose focus to the list.
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(m);
            }}
            className={`flex cursor-pointer justify-between rounded px-2 py-1 text-sm ${i === index ? 'bg-raised' : ''}`}
          >
            <span>{m.symbol}</span>
            <span className="text-xs text-muted">
              {m.baseCoin}/{m.quoteCoin}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
