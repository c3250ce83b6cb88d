// Onboarding step 2 (/onboarding/mint-selection): pick a discovered mint or enter a mint URL.
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DiscoveredMint } from '../../core/discovery/types';
import { mintUrlProblem, normaliseMintInput } from '../../core/settings/settings-input';
import { BusyStatus } from '../../ui/BusyStatus';
import { enterActivates } from '../../ui/forms/enter-activates';
import { useFieldErrorText } from '../../ui/forms/field-errors';
import { SegmentButton, SegmentTrack } from '../../ui/forms/Segmented';
import { MintUrlField } from '../../ui/forms/SettingsFields';
import { useTexts } from '../../ui/i18n';
import type { OnboardingScreenProps } from './deps';
import {
  CUSTOM_TAB,
  DISCOVERED_LABEL,
  DISCOVERED_TAB,
  DISCOVERING_TEXT,
  MINT_ANSWERED,
  MINT_DID_NOT_ANSWER,
  MINT_REVIEWS,
  MINT_SCORE,
  MINT_SOURCE,
  MINT_SUBTITLE,
  MINT_TITLE,
  MINT_URL_HINT,
  NO_MINTS_TEXT,
  ONBOARDING_MINT_URL,
} from './locales/onboarding/en.json';
import { updateSession } from './session';
import { stepScreen, type StepProps } from './step-screen';
import { ContinueStep } from './StepActions';
import {
  browserDiscovery,
  useDiscoveredMints,
  type DiscoverMints,
  type DiscoveryState,
} from './use-discovered-mints';

type Tab = 'discovered' | 'custom';

export interface MintSelectionScreenProps extends OnboardingScreenProps {
  /** Tests inject discovery; the app uses the discovery relays and auditor of its settings. */
  discover?: DiscoverMints;
}

export const MintSelectionScreen = stepScreen<MintSelectionScreenProps>(
  'mint-selection',
  MintSelection,
);

function MintSelection({ services, discover, session }: StepProps<MintSelectionScreenProps>) {
  const navigate = useNavigate();
  const t = useTexts();
  const fieldError = useFieldErrorText();
  const { settings, logger } = services;
  const [discoverMints] = useState(() => discover ?? browserDiscovery(settings, logger));
  const discovery = useDiscoveredMints(discoverMints, logger);
  const storedMint = session.mint;
  const [chosenTab, setChosenTab] = useState<Tab>();
  const [picked, setPicked] = useState(storedMint);
  // Nothing picked yet: the best mint discovery found that answered is picked for the merchant
  // (issue 48), so Continue works at once; any other row still changes it.
  const selected = picked ?? (discovery.status === 'done' ? bestFound(discovery.mints) : undefined);
  const [custom, setCustom] = useState(storedMint ?? '');
  const [customError, setCustomError] = useState<string>();
  const ids = { tabs: useId() };

  // Coming Back with a mint that discovery did not list: it was typed, so show it where it was.
  const storedWasCustom =
    discovery.status === 'done' &&
    storedMint !== undefined &&
    !discovery.mints.some((mint) => mint.url === storedMint);
  const tab: Tab = chosenTab ?? (storedWasCustom ? 'custom' : 'discovered');

  const canContinue = tab === 'discovered' ? selected !== undefined : custom.trim() !== '';
  const editCustom = (value: string) => {
    setCustom(value);
    setCustomError(undefined);
  };

  const onContinue = () => {
    let mint: string;
    if (tab === 'custom') {
      const problem = mintUrlProblem(custom);
      if (problem) {
        setCustomError(fieldError(problem));
        return;
      }
      mint = normaliseMintInput(custom);
    } else {
      if (selected === undefined) return;
      mint = selected;
    }
    updateSession({ mint });
    navigate('/onboarding/relay-config');
  };

  const tabButton = (value: Tab, label: string) => (
    <SegmentButton
      selected={tab === value}
      role="tab"
      id={`${ids.tabs}-${value}`}
      aria-selected={tab === value}
      aria-controls={`${ids.tabs}-${value}-panel`}
      onClick={() => setChosenTab(value)}
    >
      {label}
    </SegmentButton>
  );

  return (
    <ContinueStep
      step={2}
      title={t(MINT_TITLE)}
      subtitle={t(MINT_SUBTITLE)}
      back={`/onboarding/mnemonic?mode=${session.mode ?? 'create'}`}
      onContinue={onContinue}
      canContinue={canContinue}
    >
      <SegmentTrack role="tablist" aria-label={t(MINT_SOURCE)}>
        {tabButton('discovered', t(DISCOVERED_TAB))}
        {tabButton('custom', t(CUSTOM_TAB))}
      </SegmentTrack>
      {tab === 'discovered' ? (
        <div
          role="tabpanel"
          id={`${ids.tabs}-discovered-panel`}
          aria-labelledby={`${ids.tabs}-discovered`}
        >
          <DiscoveredList discovery={discovery} selected={selected} onSelect={setPicked} />
        </div>
      ) : (
        <div
          role="tabpanel"
          id={`${ids.tabs}-custom-panel`}
          aria-labelledby={`${ids.tabs}-custom`}
          className="space-y-2"
        >
          <MintUrlField
            label={t(ONBOARDING_MINT_URL)}
            value={custom}
            onChange={editCustom}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && canContinue) onContinue();
            }}
            hint={t(MINT_URL_HINT)}
            error={customError}
          />
        </div>
      )}
    </ContinueStep>
  );
}

/** The first mint of the ranked list that answered its info request; the first one if none did. */
function bestFound(mints: readonly DiscoveredMint[]): string | undefined {
  return (mints.find((mint) => mint.reachable !== false) ?? mints[0])?.url;
}

function DiscoveredList({
  discovery,
  selected,
  onSelect,
}: {
  discovery: DiscoveryState;
  selected: string | undefined;
  onSelect: (url: string) => void;
}) {
  const t = useTexts();
  if (discovery.status === 'loading') {
    return <BusyStatus className="py-6 text-slate-500">{t(DISCOVERING_TEXT)}</BusyStatus>;
  }
  if (discovery.mints.length === 0) {
    return <p className="py-6 text-sm text-slate-500">{t(NO_MINTS_TEXT)}</p>;
  }
  return (
    <ul
      aria-label={t(DISCOVERED_LABEL)}
      className="max-h-72 space-y-2 overflow-y-auto pr-1"
      data-testid="discovered-mints"
    >
      {discovery.mints.map((mint) => (
        <MintOption
          key={mint.url}
          mint={mint}
          checked={mint.url === selected}
          onSelect={onSelect}
        />
      ))}
    </ul>
  );
}

function MintOption({
  mint,
  checked,
  onSelect,
}: {
  mint: DiscoveredMint;
  checked: boolean;
  onSelect: (url: string) => void;
}) {
  const t = useTexts();
  const score = mint.score.toFixed(2);
  return (
    <li>
      <label
        className={[
          'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-3 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-violet-600',
          checked ? 'border-violet-600 bg-violet-50' : 'border-slate-200 hover:border-violet-300',
        ].join(' ')}
      >
        <input
          type="radio"
          name="discovered-mint"
          value={mint.url}
          checked={checked}
          onChange={() => onSelect(mint.url)}
          onKeyDown={enterActivates}
          className="size-4 accent-violet-700"
        />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium break-all text-slate-900">{mint.url}</span>
          <span className="block text-xs text-slate-600">
            {t(MINT_REVIEWS, { count: mint.recommendations.length })}
            {mint.auditorData?.name ? ` · ${mint.auditorData.name}` : ''}
          </span>
          {mint.reachable === undefined ? null : (
            <span
              className={[
                'block text-xs',
                mint.reachable ? 'text-emerald-700' : 'text-amber-700',
              ].join(' ')}
              data-testid="mint-reachability"
            >
              {t(mint.reachable ? MINT_ANSWERED : MINT_DID_NOT_ANSWER)}
            </span>
          )}
        </span>
        <span
          className="shrink-0 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800"
          aria-label={t(MINT_SCORE, { score })}
        >
          ★ {score}
        </span>
      </label>
    </li>
  );
}
