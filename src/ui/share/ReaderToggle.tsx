// The on/off button of a reader (the camera, NFC): pressed while it reads, its label saying what a
// tap does next, and what shows while it reads right under it.
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Button } from '../Button';

export function ReaderToggle({
  on,
  setOn,
  label,
  children,
}: {
  on: boolean;
  setOn: Dispatch<SetStateAction<boolean>>;
  label: string;
  /** shown while the reader is on */
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="outline" onClick={() => setOn((was) => !was)} aria-pressed={on}>
        {label}
      </Button>
      {on ? children : null}
    </>
  );
}
