import type { InputHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field';

/** A labelled input whose error sits next to it and is announced with it. */
export function TextField({ label, error, compact, className, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; compact?: boolean | undefined }) {
  return (
    <LabelledField label={label} error={error} compact={compact} className={className}>
      {(control) => <input {...control} {...input} />}
    </LabelledField>
  );
}
