// The one dialog that asks before an action: what it will do, then its buttons side by side (a row
// on wider screens). Shown while there is something to ask about.
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal, type ModalProps } from './Modal';

export function ConfirmDialog<T>({
  subject,
  title,
  onClose,
  returnFocusTo,
  role,
  testId,
  children,
}: Pick<ModalProps, 'title' | 'onClose' | 'returnFocusTo' | 'role'> & {
  /** What is asked about; null: closed. */
  subject: T | null;
  testId: string;
  /** The question and its ConfirmActions. */
  children: (subject: T) => ReactNode;
}) {
  return (
    <Modal
      open={subject !== null}
      onClose={onClose}
      title={title}
      returnFocusTo={returnFocusTo}
      role={role}
    >
      {subject !== null ? (
        <div className="space-y-4 text-sm text-slate-700" data-testid={testId}>
          {children(subject)}
        </div>
      ) : null}
    </Modal>
  );
}

export function ConfirmActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-2 sm:flex-row">{children}</div>;
}

/**
 * The usual question: one paragraph, then the action and a way to keep things as they are. While
 * busy both buttons wait, so the action is not asked twice.
 */
export function ConfirmQuestion({
  question,
  confirm,
  keep,
  onConfirm,
  onKeep,
  busy,
}: {
  question: ReactNode;
  confirm: ReactNode;
  keep: ReactNode;
  onConfirm: () => void;
  onKeep: () => void;
  /** undefined: an action that never waits (no aria-busy at all) */
  busy?: boolean;
}) {
  return (
    <>
      <p>{question}</p>
      <ConfirmActions>
        <Button className="sm:flex-1" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirm}
        </Button>
        <Button variant="outline" className="sm:flex-1" onClick={onKeep} disabled={busy}>
          {keep}
        </Button>
      </ConfirmActions>
    </>
  );
}
