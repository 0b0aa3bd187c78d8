import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { createLanguage, updateLanguage } from '#common/endpoints/languages.ts';
import { type AdminLanguage, AdminLanguageCreate } from '#common/schemas/languages.ts';
import { FormDialog } from '#web/components/ui/FormDialog.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Switch } from '#web/components/ui/Switch.tsx';
import { failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { checkForm } from '#web/lib/form.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { useForm } from '#web/lib/useForm.ts';

export const LANGUAGE_REQUIRED = 'All fields are required';
export const DICTIONARY_SOURCE_URL = 'https://kaikki.org/dictionary/';

interface LanguageFields {
  code: string;
  name: string;
  nativeName: string;
  isActive: boolean;
}

function languageInput(fields: LanguageFields) {
  return { code: fields.code, name: fields.name, native_name: fields.nativeName, is_active: fields.isActive };
}

/**
 * The Add/Edit Language dialog (admin.md §2, §5): code, name, native name and active. The code is locked once
 * created. Mount it to open it; each mount starts from `language` (or empty for a new one).
 */
export function LanguageDialog({ language, onClose }: { language?: AdminLanguage; onClose: () => void }) {
  const queryClient = useQueryClient();
  const isEditing = language !== undefined;
  const form = useForm({
    initial: {
      code: language?.code ?? '',
      name: language?.name ?? '',
      nativeName: language?.native_name ?? '',
      isActive: language?.is_active ?? true,
    },
    check: (fields: LanguageFields) =>
      checkForm(AdminLanguageCreate, languageInput(fields), LANGUAGE_REQUIRED),
  });

  const save = useMutation({
    mutationFn: (input: AdminLanguageCreate) =>
      language
        ? call(updateLanguage, { params: { id: language.id }, body: input })
        : call(createLanguage, { body: input }),
    onSuccess: async () => {
      // The stories list shows language names too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminLanguages() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStories() }),
      ]);
      onClose();
    },
    onError: (error) => form.setProblem(failureText(error, 'Failed to save language')),
  });

  const isBusy = save.isPending;
  return (
    <FormDialog
      title={isEditing ? 'Edit Language' : 'Add Language'}
      description={
        isEditing
          ? `Change how ${language.name} is named and whether learners see it.`
          : 'A language stories can be written in.'
      }
      isBusy={isBusy}
      problem={form.problem}
      submitLabel={isBusy ? 'Saving...' : isEditing ? 'Save Changes' : 'Add Language'}
      onSubmit={form.handleSubmit((input) => save.mutate(input))}
      onClose={onClose}
    >
      <Input
        label="Code"
        {...form.text('code')}
        readOnly={isEditing}
        disabled={isBusy}
        maxLength={2}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        placeholder="es"
        hint={
          isEditing
            ? 'The code cannot be changed once the language exists.'
            : 'Two letters (ISO 639-1), such as es.'
        }
        className={isEditing ? 'bg-slate-100 text-slate-600' : undefined}
      />
      <Input label="Name" {...form.text('name')} disabled={isBusy} autoComplete="off" placeholder="Spanish" />
      <Input
        label="Native Name"
        {...form.text('nativeName')}
        disabled={isBusy}
        autoComplete="off"
        placeholder="Español"
      />
      <Switch
        label="Active"
        description="Learners can choose an active language."
        {...form.checked('isActive')}
        disabled={isBusy}
      />
      <DictionarySourceNote />
    </FormDialog>
  );
}

/** Where an admin finds dictionary data for a new language (admin.md §2). */
function DictionarySourceNote() {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
      Dictionary data with English glosses for most languages is published by{' '}
      <a
        href={DICTIONARY_SOURCE_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        Wiktextract on kaikki.org
        <ExternalLink className="size-3.5" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      .
    </p>
  );
}
