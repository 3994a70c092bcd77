// The "From" and "To" fields of a time range (<input type="datetime-local">): the text
// they hold, read into Unix ms by lib/format/local-time-range.ts, with the problem shown
// beside the field that has it.
import { useState } from 'react';
import { readLocalTimeRange, type TimeRangeField } from '@web/lib/format/local-time-range';
import { TextField } from './text-field';

export interface TimeRangeInput {
  from: string;
  to: string;
  setFrom(value: string): void;
  setTo(value: string): void;
  problem: { field: TimeRangeField; reason: string } | null;
  /** The range as Unix ms text (an empty field is an open end), or null after showing the problem. */
  read(): { from?: string; to?: string } | null;
}

export function useTimeRangeInput(): TimeRangeInput {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<TimeRangeInput['problem']>(null);
  const read = () => {
    const result = readLocalTimeRange(from, to);
    setProblem(result.ok ? null : { field: result.field, reason: result.reason });
    return result.ok ? result.range : null;
  };
  return { from, to, setFrom, setTo, problem, read };
}

export function TimeRangeFields({ input }: { input: TimeRangeInput }) {
  const { from, to, problem } = input;
  return (
    <>
      <TextField label="From" type="datetime-local" value={from} error={problem?.field === 'from' ? problem.reason : undefined} onChange={(e) => input.setFrom(e.target.value)} />
      <TextField label="To" type="datetime-local" value={to} error={problem?.field === 'to' ? problem.reason : undefined} onChange={(e) => input.setTo(e.target.value)} />
    </>
  );
}
