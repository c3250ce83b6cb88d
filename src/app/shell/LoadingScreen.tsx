// What shows while the first route's loader and code arrive (router hydrate fallback).
import { useTexts } from '../../ui/i18n';
import { LOADING } from '../locales/shell/en.json';

export function LoadingScreen() {
  const t = useTexts();
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen items-center justify-center">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-violet-200 border-t-violet-700" />
      <span className="sr-only">{t(LOADING)}</span>
    </div>
  );
}
