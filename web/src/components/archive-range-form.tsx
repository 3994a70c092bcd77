// The filter form of a screen over the proxy's archive: the screen's own fields, the time
// range, Show, and Sync now (which fetches what the archive lacks) with its status line.
// The history's archive tab and ops' pledge-rate history ask for their ranges with it.
import type { ReactNode } from 'react';
import { Button } from './button';
import { TimeRangeFields, type TimeRangeInput } from './time-range-fields';

export function ArchiveRangeForm({
  label,
  range,
  onShow,
  sync,
  note,
  children,
}: {
  label: string;
  range: TimeRangeInput;
  /** Called with the range read from the fields, when they hold one. */
  onShow: (range: { from?: string; to?: string }) => void;
  sync: { status: string | null; running: boolean; syncNow(): Promise<void> };
  /** What the range reads from, under the form. */
  note: string;
  /** The screen's own fields, before the range. */
  children?: ReactNode;
}) {
  return (
    <>
      <form
        aria-label={label}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const read = range.read();
          if (read) onShow(read);
        }}
        className="flex flex-wrap items-end gap-3"
      >
        {children}
        <TimeRangeFields input={range} />
        <Button type="submit" variant="primary">
          Show
        </Button>
        <Button onClick={() => void sync.syncNow()} disabled={sync.running}>
          Sync now
        </Button>
      </form>
      <p className="mt-1 text-xs text-muted">{note}</p>
      {sync.status && (
        <p role="status" className="text-sm">
          {sync.status}
        </p>
      )}
    </>
  );
}
