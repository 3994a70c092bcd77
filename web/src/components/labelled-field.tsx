import { useId, type ReactNode } from 'react';

/** What a control needs to be named by its label and described by its error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label and its control, and the control's error below them, announced with it (STYLE.md:
 * errors where the user acted). The label sits above the control, beside it (a toolbar's
 * "Grouping [0.1]"), or is read by screen readers only (a cell of a table whose column
 * header already says it).
 */
export function LabelledField({
  label,
  error,
  compact = false,
  labelPosition = 'above',
  className = '',
  children,
}: {
  label: string;
  error?: string | undefined;
  compact?: boolean | undefined;
  labelPosition?: 'above' | 'beside' | 'hidden' | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps & { className: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const layout = labelPosition === 'beside' ? 'flex-row flex-wrap items-center gap-1.5' : `flex-col ${compact ? '' : 'gap-1'}`;
  const labelClass = labelPosition === 'hidden' ? 'sr-only' : compact ? 'text-xs text-muted' : 'text-sm text-muted';
  return (
    <div className={`flex ${layout} ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined, className: `rounded border border-line bg-surface px-2 text-fg disabled:opacity-50 ${compact ? 'py-1 text-xs' : 'py-1.5'}` })}
      {error && (
        <p id={errorId} className="text-sm text-sell">
          {error}
        </p>
      )}
    </div>
  );
}
