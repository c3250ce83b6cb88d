// Records' choice of whose figures to show: everyone, the owner, a person on the staff list, or
// the sales naming no one (docs/behaviour.md "Records", core/records/staff-filter.ts).
import type { StaffFilter } from '../../core/records/staff-filter';
import type { StaffMember } from '../../core/staff/staff';
import { FIELD_CLASS, LabelledField } from '../../ui/forms/TextField';
import { useWalletWords } from './wallet-words';
import { RECORDS_EVERYONE, RECORDS_PERSON } from './locales/records/en.json';
import { SHIFT_NO_ONE, SHIFT_OWNER } from './locales/shift/en.json';

/** The select's value for everyone (no staff id is '*': ids are the list's own). */
const EVERYONE = '*';

export function PersonSelect({
  people,
  value,
  onChange,
}: {
  people: readonly Pick<StaffMember, 'id' | 'name'>[];
  value: StaffFilter;
  onChange: (value: StaffFilter) => void;
}) {
  const { t } = useWalletWords();
  return (
    <LabelledField label={t(RECORDS_PERSON)} gap={1}>
      {(control) => (
        <select
          {...control}
          value={value ?? EVERYONE}
          onChange={(event) =>
            onChange(event.target.value === EVERYONE ? undefined : event.target.value)
          }
          className={`${FIELD_CLASS} text-sm`}
        >
          <option value={EVERYONE}>{t(RECORDS_EVERYONE)}</option>
          <option value="owner">{t(SHIFT_OWNER)}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
          <option value="">{t(SHIFT_NO_ONE)}</option>
        </select>
      )}
    </LabelledField>
  );
}
