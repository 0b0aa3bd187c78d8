import { CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { FORM_LANGUAGE_LABELS, FORM_LANGUAGES, type FormLanguage } from '#common/schemas/narrators.ts';
import { PublicHeader } from '#web/components/PublicHeader.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { SampleVideoLink } from '../applicationReceived.tsx';
import { ApplicationForm } from './ApplicationForm.tsx';
import { ChoiceGroup } from './fields.tsx';
import { preferredFormLanguage } from './form.ts';
import { FORM_LANGUAGE_NATIVE_NAMES } from './strings.ts';
import { useApplication } from './useApplication.ts';

const LANGUAGE_CHOICES = FORM_LANGUAGES.map((language) => ({
  value: language,
  label: FORM_LANGUAGE_NATIVE_NAMES[language],
  secondary: language === 'en' ? undefined : FORM_LANGUAGE_LABELS[language],
  lang: language,
}));

/** The browser's languages in order of preference (navigator.languages is empty in a few embedded browsers). */
function browserLanguages(): readonly string[] {
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * /apply (learner.md §2, §4, §5, §8): the public narrator application, written in English, Spanish, French or
 * Chinese; the picker translates the whole page and the choice is sent as form_language. The browser checks
 * the answers with the server's own schema before anything is sent; then the success message, which names the
 * next step (the sample video, with a link) and, after REDIRECT_AFTER_MS, the dashboard (where a signed-out
 * applicant is sent on to sign in, which says the same), or the failure message with every answer kept.
 */
export function ApplyPage() {
  const [language, setLanguage] = useState<FormLanguage>(() => preferredFormLanguage(browserLanguages()));
  const application = useApplication(language);
  const { t, isSent } = application;
  useDocumentTitle(t.documentTitle);
  const titleId = useId();

  return (
    <div lang={language} className="min-h-dvh bg-slate-50">
      <PublicHeader />
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="flex flex-col gap-2">
          <h1 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t.title}
          </h1>
          {isSent ? null : <p className="text-lg text-slate-600">{t.intro}</p>}
        </div>
        {isSent ? (
          <Card className="items-center gap-4 px-5 py-10 text-center sm:px-6">
            <CircleCheck className="size-12 text-green-600" aria-hidden="true" />
            <div
              ref={application.refs.successMessage}
              role="status"
              tabIndex={-1}
              className="flex max-w-md flex-col gap-2 focus:outline-none"
            >
              <p className="text-xl font-semibold text-slate-900">{t.success}</p>
              <p className="text-base text-slate-700">{t.nextStep}</p>
            </div>
            <SampleVideoLink email={application.sentFrom ?? ''}>{t.sendVideo}</SampleVideoLink>
          </Card>
        ) : (
          <>
            <Card className="p-5 sm:p-6">
              <ChoiceGroup
                name="form_language"
                legend={t.formLanguage}
                choices={LANGUAGE_CHOICES}
                value={language}
                onChange={(value) => setLanguage(FORM_LANGUAGES.find((code) => code === value) ?? 'en')}
                isDisabled={application.isSubmitting}
                choicesClassName="grid grid-cols-2 gap-3 sm:grid-cols-4"
              />
            </Card>
            <ApplicationForm application={application} titleId={titleId} />
          </>
        )}
      </main>
    </div>
  );
}
