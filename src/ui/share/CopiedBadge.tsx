// Small "Copied" confirmation shown beside a copy button after a successful copy.
import { useTexts } from '../i18n';
import { LineIcon } from '../LineIcon';
import { COPIED_BADGE } from '../locales/copied/en.json';

export function CopiedBadge({ visible }: { visible: boolean }) {
  const t = useTexts();
  return (
    <span
      role="status"
      className="inline-flex h-5 items-center text-sm font-medium text-emerald-700"
    >
      {visible ? (
        <>
          <LineIcon viewBox="0 0 20 20" className="mr-1 h-4 w-4" strokeWidth={2.5}>
            <path d="m4 10.5 4 4 8-9" />
          </LineIcon>
          {t(COPIED_BADGE)}
        </>
      ) : null}
    </span>
  );
}
