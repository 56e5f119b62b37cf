import type { ComponentPropsWithRef } from 'react';
import { classNames } from './class-names.js';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  /** Shows the busy state: disabled and `aria-busy`. */
  busy?: boolean;
}

/** A button in one of the product's variants; `type="button"` unless told otherwise. */
export function Button({
  variant = 'secondary',
  busy = false,
  type = 'button',
  className,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames('ferry-ui-button', `ferry-ui-button--${variant}`, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    />
  );
}
