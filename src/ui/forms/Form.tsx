// A form the app checks itself (no browser validation bubbles): submitting runs its action in
// place of a page load.
import type { FormHTMLAttributes } from 'react';

export type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** The action; a promise it returns is the action's own to report. */
  onSubmit: () => unknown;
};

export function Form({ onSubmit, children, ...props }: FormProps) {
  return (
    <form
      noValidate
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
