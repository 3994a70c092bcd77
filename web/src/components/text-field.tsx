import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input whose error sits next to it and is announced with it (STYLE.md: errors where the user acted). */
export function TextField({ label, error, className = '', ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm text-muted">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded border border-line bg-surface px-2 py-1.5 text-fg"
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-sell">
          {error}
        </p>
      )}
    </div>
  );
}
