import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AdminLanguage, AdminLanguageCreate } from '#common/schemas/languages.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Switch } from '#web/components/ui/Switch.tsx';
import { api } from '#web/lib/api.ts';
import { apiErrorText } from '#web/lib/apiErrorText.ts';
import { firstIssue } from '#web/lib/form.ts';
import { ADMIN_KEYS } from '../queries.ts';

export const LANGUAGE_REQUIRED = 'All fields are required';
export const DICTIONARY_SOURCE_URL = 'https://kaikki.org/dictionary/';

/**
 * The Add/Edit Language dialog (admin.md §2, §5): code, name, native name and active. The code is locked once
 * created. Mount it to open it; each mount starts from `language` (or empty for a new one).
 */
export function LanguageDialog({ language, onClose }: { language?: AdminLanguage; onClose: () => void }) {
  const queryClient = useQueryClient();
  const isEditing = language !== undefined;
  const [code, setCode] = useState(language?.code ?? '');
  const [name, setName] = useState(language?.name ?? '');
  const [nativeName, setNativeName] = useState(language?.native_name ?? '');
  const [isActive, setIsActive] = useState(language?.is_active ?? true);
  const [problem, setProblem] = useState<string>();

  const save = useMutation({
    mutationFn: (input: AdminLanguageCreate) =>
      language
        ? api(`/api/admin/languages/${language.id}/`, { method: 'PUT', body: input, schema: AdminLanguage })
        : api('/api/admin/languages/', { method: 'POST', body: input, schema: AdminLanguage }),
    onSuccess: async () => {
      // The stories list shows language names too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.languages }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.stories }),
      ]);
      onClose();
    },
    onError: (error) => setProblem(apiErrorText(error, 'Failed to save language')),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AdminLanguageCreate.safeParse({
      code,
      name,
      native_name: nativeName,
      is_active: isActive,
    });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error.issues, LANGUAGE_REQUIRED));
      return;
    }
    setProblem(undefined);
    save.mutate(parsed.data);
  }

  const isBusy = save.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
      }}
    >
      <DialogContent
        title={isEditing ? 'Edit Language' : 'Add Language'}
        description={
          isEditing
            ? `Change how ${language.name} is named and whether learners see it.`
            : 'A language stories can be written in.'
        }
      >
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <Input
            label="Code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
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
          <Input
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={isBusy}
            autoComplete="off"
            placeholder="Spanish"
          />
          <Input
            label="Native Name"
            value={nativeName}
            onChange={(event) => setNativeName(event.target.value)}
            disabled={isBusy}
            autoComplete="off"
            placeholder="Español"
          />
          <Switch
            label="Active"
            description="Learners can choose an active language."
            checked={isActive}
            onCheckedChange={setIsActive}
            disabled={isBusy}
          />
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
          {problem ? <InlineAlert message={problem} /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isBusy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={isBusy}>
              {isBusy ? 'Saving...' : isEditing ? 'Save Changes' : 'Add Language'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
