import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-accent text-accent-fg hover:opacity-90 disabled:opacity-50',
  ghost: 'border border-line text-fg hover:bg-raised disabled:opacity-50',
};

export function Button({ variant = 'ghost', className = '', type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={`inline-flex items-center justify-center gap-1 rounded px-3 py-1.5 text-sm font-medium ${variants[variant]} ${className}`} {...rest} />;
}
