// Connect's "Staff links": each person's own cashier link (their name on the cashier page), shown
// as a QR code and text, and revoked one by one (docs/behaviour.md "Staff links").
import { useCallback, useEffect, useState } from 'react';
import { encodePairingSecret } from '../../core/remote-payments/pairing';
import { memberLinkSecret } from '../../core/staff/staff-link';
import type { StaffMember } from '../../core/staff/staff';
import { Button } from '../../ui/Button';
import { CopyValue } from '../../ui/share/CopyParts';
import { QrCode } from '../../ui/share/QrCode';
import { toast } from '../../ui/toast/toast';
import { useCopyToClipboard } from '../../ui/share/use-copy';
import { useTexts } from '../../ui/i18n';
import { buildConnectionLink, type ConnectionLinkInput } from './connection-link';
import type { ConnectServices } from './deps';
import { LinkConfirm } from './LinkConfirm';
import {
  COPY_STAFF_LINK,
  HIDE_STAFF_LINK,
  REVOKE_STAFF_LINK,
  REVOKE_STAFF_LINK_CONFIRM,
  REVOKE_STAFF_LINK_DONE,
  REVOKE_STAFF_LINK_FAILED,
  REVOKE_STAFF_LINK_WARNING,
  SHOW_STAFF_LINK,
  STAFF_LINK_QR_LABEL,
  STAFF_LINKS_INTRO,
  STAFF_LINKS_TITLE,
} from './locales/connect/en.json';

const STAFF_QR_SIZE = 200;

interface StaffLinksProps {
  services: Pick<ConnectServices, 'staff' | 'merchantProfile' | 'logger'>;
  base: Omit<ConnectionLinkInput, 'pairing' | 'staffName'>;
  /** the shop's pairing secret: each person's link secret derives from it */
  secret: Uint8Array;
}

function linkOf(props: StaffLinksProps, member: StaffMember): string {
  const pairing = encodePairingSecret(memberLinkSecret(props.secret, member));
  return buildConnectionLink({ ...props.base, pairing, staffName: member.name });
}

export function StaffLinks(props: StaffLinksProps) {
  const { staff, merchantProfile, logger } = props.services;
  const t = useTexts();
  const [list, setList] = useState<StaffMember[]>([]);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<StaffMember | null>(null);
  const [busy, setBusy] = useState(false);
  const onCopyError = useCallback(
    (error: unknown) => logger.error('Failed to copy a staff link:', error),
    [logger],
  );
  const { copiedText, copy } = useCopyToClipboard(onCopyError);

  useEffect(() => {
    let active = true;
    staff
      ?.list()
      .then((read) => active && setList(read))
      .catch((error: unknown) => logger.error('Could not read the staff list', error));
    return () => {
      active = false;
    };
  }, [staff, logger]);

  if (!staff || list.length === 0) return null;

  const onRevoke = async (member: StaffMember) => {
    setBusy(true);
    try {
      const revoked = await staff.revokeLink(member.id, props.secret);
      setList((now) => now.map((m) => (m.id === member.id ? revoked : m)));
      // The new profile tells the person's cashier page; a failed publish is retried at the
      // next start, and the inbox already treats the old link as revoked.
      void merchantProfile.sync();
      toast.success(t(REVOKE_STAFF_LINK_DONE, { name: member.name }));
    } catch (error) {
      logger.error('Could not revoke a staff link', error);
      toast.error(t(REVOKE_STAFF_LINK_FAILED));
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  return (
    <section
      aria-labelledby="staff-links-title"
      className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="staff-links-title" className="text-lg font-semibold text-slate-900">
        {t(STAFF_LINKS_TITLE)}
      </h2>
      <p className="text-sm text-slate-600">{t(STAFF_LINKS_INTRO)}</p>
      <ul className="space-y-3">
        {list.map((member) => {
          const link = linkOf(props, member);
          const open = shown === member.id;
          return (
            <li key={member.id} data-testid="staff-link" className="space-y-2">
              <p className="font-medium text-slate-900">{member.name}</p>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  className="flex-1"
                  aria-expanded={open}
                  onClick={() => setShown(open ? null : member.id)}
                >
                  {t(open ? HIDE_STAFF_LINK : SHOW_STAFF_LINK)}
                </Button>
                <Button variant="outline" className="flex-1" onClick={() => setRevoking(member)}>
                  {t(REVOKE_STAFF_LINK)}
                </Button>
              </div>
              {open ? (
                <div className="flex flex-col items-center gap-3">
                  <QrCode
                    value={link}
                    label={t(STAFF_LINK_QR_LABEL, { name: member.name })}
                    size={STAFF_QR_SIZE}
                  />
                  <CopyValue
                    label={member.name}
                    copied={copiedText === link}
                    testId="staff-link-string"
                  >
                    {link}
                  </CopyValue>
                  <Button className="w-full" onClick={() => void copy(link)}>
                    {t(COPY_STAFF_LINK)}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <LinkConfirm
        subject={revoking}
        title={t(REVOKE_STAFF_LINK)}
        testId="revoke-staff-link-confirm"
        question={(member) => t(REVOKE_STAFF_LINK_WARNING, { name: member.name })}
        confirm={t(REVOKE_STAFF_LINK_CONFIRM)}
        busy={busy}
        onConfirm={(member) => void onRevoke(member)}
        onKeep={() => setRevoking(null)}
      />
    </section>
  );
}
