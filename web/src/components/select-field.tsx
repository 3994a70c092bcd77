import type { SelectHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled select whose error sits next to it and is announced with it, like TextField. */
export function SelectField({
  label,
  options,
  error,
  compact,
  labelPosition,
  className,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: readonly SelectOption[]; error?: string | undefined; compact?: boolean | undefined; labelPosition?: 'above' | 'beside' | 'hidden' | undefined }) {
  return (
    <LabelledField label={label} error={error} compact={compact} labelPosition={labelPosition} className={className}>
      {(control) => (
        <select {...control} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
