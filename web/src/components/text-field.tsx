import type { InputHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field';

/** A labelled input whose error sits next to it and is announced with it. */
export function TextField({ label, error, className, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }) {
  return (
    <LabelledField label={label} error={error} className={className}>
      {(control) => <input {...control} {...input} />}
    </LabelledField>
  );
}
