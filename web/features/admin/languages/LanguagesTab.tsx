import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { deleteLanguage } from '#common/endpoints/languages.ts';
import type { AdminLanguage } from '#common/schemas/languages.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { ConfirmDeleteDialog } from '#web/components/ui/ConfirmDeleteDialog.tsx';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { AdminListCard } from '../AdminListCard.tsx';
import {
  ActionsCell,
  AdminTable,
  Cell,
  DeleteIconButton,
  HeaderCell,
  IconButton,
  ListStates,
  Row,
} from '../AdminTable.tsx';
import { useAdminLanguages } from '../queries.ts';
import { LanguageDialog } from './LanguageDialog.tsx';

type Editing = { language?: AdminLanguage };

/** The Languages tab (admin.md §2): the list with its status, and add, edit and delete. */
export function LanguagesTab() {
  const queryClient = useQueryClient();
  const languages = useAdminLanguages();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<AdminLanguage>();

  useEffect(() => {
    if (languages.error) console.warn('Could not load the languages.', languages.error);
  }, [languages.error]);

  async function removeLanguage(language: AdminLanguage) {
    await call(deleteLanguage, { params: { id: language.id } });
    await queryClient.invalidateQueries({ queryKey: queryKeys.adminLanguages() });
  }

  return (
    <>
      <AdminListCard
        title="Languages"
        description="The languages stories are written in. Only active ones are offered to learners."
        addLabel="Add Language"
        onAdd={() => setEditing({})}
      >
        <ListStates
          isPending={languages.isPending}
          isError={languages.isError}
          rows={languages.data}
          loading="Loading languages..."
          failed="Failed to load languages"
          empty="No languages found. Add your first language!"
        >
          {(rows) => (
            <LanguagesTable
              rows={rows}
              onEdit={(language) => setEditing({ language })}
              onDelete={setDeleting}
            />
          )}
        </ListStates>
      </AdminListCard>
      {editing ? <LanguageDialog language={editing.language} onClose={() => setEditing(undefined)} /> : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title="Delete Language"
          description={`Are you sure you want to delete "${deleting.name}" (${deleting.code})? This action cannot be undone.`}
          fallback="Failed to delete language"
          onConfirm={() => removeLanguage(deleting)}
          onClose={() => setDeleting(undefined)}
        />
      ) : null}
    </>
  );
}

function LanguagesTable({
  rows,
  onEdit,
  onDelete,
}: {
  rows: readonly AdminLanguage[];
  onEdit: (language: AdminLanguage) => void;
  onDelete: (language: AdminLanguage) => void;
}) {
  return (
    <AdminTable
      label="Languages"
      head={
        <>
          <HeaderCell>Code</HeaderCell>
          <HeaderCell>Name</HeaderCell>
          <HeaderCell>Native Name</HeaderCell>
          <HeaderCell>Status</HeaderCell>
          <HeaderCell className="text-right">Actions</HeaderCell>
        </>
      }
    >
      {rows.map((language) => (
        <Row key={language.id}>
          <Cell label="Code" className="font-mono text-sm font-semibold text-slate-700">
            {language.code}
          </Cell>
          <Cell isRowTitle className="font-medium text-slate-900">
            {language.name}
          </Cell>
          <Cell label="Native Name" className="text-slate-700">
            <span lang={language.code}>{language.native_name}</span>
          </Cell>
          <Cell label="Status">
            {language.is_active ? (
              <Badge variant="green">Active</Badge>
            ) : (
              <Badge variant="neutral">Inactive</Badge>
            )}
          </Cell>
          <ActionsCell>
            <IconButton label={`Edit ${language.name}`} onClick={() => onEdit(language)}>
              <Pencil className="size-4" aria-hidden="true" />
            </IconButton>
            <DeleteIconButton label={`Delete ${language.name}`} onClick={() => onDelete(language)} />
          </ActionsCell>
        </Row>
      ))}
    </AdminTable>
  );
}
