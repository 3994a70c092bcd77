import { useId, type ReactNode } from 'react';

/** What a control needs to be named by its label and described by its error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label above a control, and the control's error below it, announced with it (STYLE.md: errors where the user acted). */
export function LabelledField({ label, error, compact = false, className = '', children }: { label: string; error?: string | undefined; compact?: boolean | undefined; className?: string | undefined; children: (control: FieldControlProps & { className: string }) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col ${compact ? '' : 'gap-1'} ${className}`}>
      <label htmlFor={id} className={compact ? 'text-xs text-muted' : 'text-sm text-muted'}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined, className: `rounded border border-line bg-surface px-2 text-fg ${compact ? 'py-1 text-xs' : 'py-1.5'}` })}
      {error && (
        <p id={errorId} className="text-sm text-sell">
          {error}
        </p>
      )}
    </div>
  );
}
