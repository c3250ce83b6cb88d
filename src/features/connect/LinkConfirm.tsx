// The question before a link stops working (Reset cashier link, a person's Revoke): an alert
// dialog with Cancel, since devices holding the link lose it at once (docs/behaviour.md "Connect").
import type { ReactNode } from 'react';
import { ConfirmDialog, ConfirmQuestion } from '../../ui/ConfirmDialog';
import { useTexts } from '../../ui/i18n';
import { RESET_LINK_CANCEL } from './locales/connect/en.json';

export interface LinkConfirmProps<T> {
  /** what is asked about; null: closed */
  subject: T | null;
  title: string;
  testId: string;
  question: (subject: T) => ReactNode;
  confirm: string;
  /** the action runs: both buttons wait */
  busy: boolean;
  onConfirm: (subject: T) => void;
  onKeep: () => void;
}

export function LinkConfirm<T>(props: LinkConfirmProps<T>) {
  const t = useTexts();
  const { subject, title, testId, onKeep } = props;
  return (
    <ConfirmDialog
      subject={subject}
      role="alertdialog"
      onClose={onKeep}
      title={title}
      testId={testId}
    >
      {(asked) => (
        <ConfirmQuestion
          question={props.question(asked)}
          confirm={props.confirm}
          keep={t(RESET_LINK_CANCEL)}
          onConfirm={() => props.onConfirm(asked)}
          onKeep={onKeep}
          busy={props.busy}
        />
      )}
    </ConfirmDialog>
  );
}
