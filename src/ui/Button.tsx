// Button primitive: four variants (primary, secondary, ghost, outline) × three sizes; styling only,
// every prop forwarded.
import { forwardRef, type ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

export const buttonVariantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-violet-700 text-white hover:bg-violet-800 disabled:hover:bg-violet-700',
  secondary: 'bg-slate-200 text-slate-900 hover:bg-slate-300 disabled:hover:bg-slate-200',
  ghost: 'bg-transparent text-slate-700 hover:bg-slate-100 disabled:hover:bg-transparent',
  outline:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:hover:bg-white',
};

export const buttonSizeClasses: Record<ButtonSize, string> = {
  // Compact under a mouse; 44 px where the main pointer is a finger (a till's touch screen).
  sm: 'h-8 px-3 text-sm pointer-coarse:h-11',
  // 44 px: the minimum comfortable tap target on touch screens.
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Class list for a button look; exported so links can be styled as buttons. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return [base, buttonVariantClasses[variant], buttonSizeClasses[size], extra]
    .filter(Boolean)
    .join(' ');
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      data-variant={variant}
      data-size={size}
      className={buttonClasses(variant, size, className)}
      {...rest}
    />
  );
});
