import { CircleUserRound, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import type { PublicLanguage } from '#common/schemas/languages.ts';
import { Logo } from '#web/components/Logo.tsx';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { Picker } from '#web/components/ui/Picker.tsx';
import { useAdminPermission } from '#web/features/admin/permission.ts';

/** A language as the selector lists it: 'Español (Spanish)'. */
export function languageLabel(language: PublicLanguage): string {
  return `${language.native_name} (${language.name})`;
}

/**
 * The chosen language in the closed selector: its own name, and its English name beside it from `sm` up. On a
 * 360 px phone the whole label wrapped to two lines and overflowed the bar (issue 23); the list keeps it whole.
 */
function chosenLanguageLabel(language: PublicLanguage): ReactNode {
  return (
    <>
      {language.native_name}
      <span className="max-sm:hidden"> ({language.name})</span>
    </>
  );
}

/**
 * The dashboard's header (spec/learner.md §2): the logo home, the language to learn, the base language
 * (English only, hidden on small screens), 'Admin' for administrators, and the account.
 */
export function DashboardHeader({
  languages,
  selected,
  onSelect,
}: {
  languages: readonly PublicLanguage[];
  selected: string | undefined;
  onSelect: (code: string) => void;
}) {
  const permission = useAdminPermission({ askAfresh: false });
  const targets = languages.filter((language) => language.code !== BASE_LANGUAGE_CODE);
  const base = languages.find((language) => language.code === BASE_LANGUAGE_CODE);

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link to={CLIENT_ROUTES.landing} className="-m-1 shrink-0 rounded-xl p-1">
          <Logo wordmark="from-sm" />
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
          {/* A picker of our own rather than Radix Select: it hydrates without a second render (decision 107). A
              language asked about first (decision 080) is not chosen until the learner answers: the picker shows
              only what `selected` says. */}
          <Picker
            label="Language to learn"
            hideLabel
            placeholder="Choose a language"
            options={targets.map((language) => ({
              value: language.code,
              label: languageLabel(language),
              triggerLabel: chosenLanguageLabel(language),
            }))}
            value={selected}
            onValueChange={onSelect}
            align="end"
            className="min-w-0"
            triggerClassName="min-w-0 max-w-[11rem] sm:max-w-none sm:w-60"
          />
          {base ? (
            <Picker
              label="Base language"
              hideLabel
              options={[{ value: base.code, label: languageLabel(base) }]}
              value={base.code}
              align="end"
              className="hidden md:flex"
              triggerClassName="w-48"
            />
          ) : null}
          {permission.data?.is_admin ? (
            <Link to={CLIENT_ROUTES.admin} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
              <ShieldCheck className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">Admin</span>
              <span className="sr-only sm:hidden">Admin</span>
            </Link>
          ) : null}
          <Link
            to={CLIENT_ROUTES.account}
            aria-label="Your account"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <CircleUserRound className="size-7" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </header>
  );
}
