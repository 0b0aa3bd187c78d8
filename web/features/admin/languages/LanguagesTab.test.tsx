import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminLanguage } from '#common/schemas/languages.ts';
import { FRENCH, fakeApi, installFakeApi, pending, renderScreen, SPANISH } from '../testing.tsx';
import { LanguagesTab } from './LanguagesTab.tsx';

let languages: AdminLanguage[];

beforeEach(() => {
  languages = [SPANISH, FRENCH];
  installFakeApi({ 'GET /api/admin/languages/': () => Response.json(languages) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

describe('LanguagesTab', () => {
  it('lists every language with its code, names and status', async () => {
    renderScreen(<LanguagesTab />);

    const table = await screen.findByRole('table', { name: 'Languages' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Code', 'Name', 'Native Name', 'Status', 'Actions']);
    expect(
      within(rowOf('Spanish'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['es', 'Spanish', 'Español', 'Active', '']);
    expect(within(rowOf('Spanish')).getByText('Español').getAttribute('lang')).toBe('es');
    expect(within(rowOf('French')).getByText('Inactive')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Edit Spanish' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Delete French' })).toBeDefined();
  });

  it('names each value after its column for the phone layout, where the name heads the card', async () => {
    renderScreen(<LanguagesTab />);
    await screen.findByRole('table', { name: 'Languages' });

    expect(
      within(rowOf('Spanish'))
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual(['Code', undefined, 'Native Name', 'Status', undefined]);
  });

  it('says there are no languages yet', async () => {
    languages = [];
    renderScreen(<LanguagesTab />);

    expect(await screen.findByText('No languages found. Add your first language!')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the languages could not be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi.routes['GET /api/admin/languages/'] = () =>
      Response.json({ error: 'Only administrators can do this.' }, { status: 403 });
    renderScreen(<LanguagesTab />);

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load languages');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('adds a language after checking that every field is filled, then shows it in the list', async () => {
    const user = userEvent.setup();
    const created = { id: 9, code: 'sv', name: 'Swedish', native_name: 'Svenska', is_active: true };
    fakeApi.routes['POST /api/admin/languages/'] = () => {
      languages = [...languages, created];
      return Response.json(created, { status: 201 });
    };
    renderScreen(<LanguagesTab />);

    await user.click(await screen.findByRole('button', { name: 'Add Language' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Language' });
    await user.type(within(dialog).getByLabelText('Code'), 'sv');
    await user.click(within(dialog).getByRole('button', { name: 'Add Language' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('All fields are required');
    expect(fakeApi.countOf('POST /api/admin/languages/')).toBe(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Swedish');
    await user.type(within(dialog).getByLabelText('Native Name'), ' Svenska ');
    expect(within(dialog).getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Add Language' }));

    expect(await screen.findByRole('cell', { name: 'Swedish' })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakeApi.bodiesOf('POST /api/admin/languages/')).toEqual([
      { code: 'sv', name: 'Swedish', native_name: 'Svenska', is_active: true },
    ]);
  });

  it("shows the server's sentence when it refuses a language, and a fallback when it gives none", async () => {
    const user = userEvent.setup();
    fakeApi.routes['POST /api/admin/languages/'] = () =>
      Response.json({ error: 'A language with the code es already exists.' }, { status: 409 });
    renderScreen(<LanguagesTab />);

    await user.click(await screen.findByRole('button', { name: 'Add Language' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Language' });
    await user.type(within(dialog).getByLabelText('Code'), 'es');
    await user.type(within(dialog).getByLabelText('Name'), 'Spanish');
    await user.type(within(dialog).getByLabelText('Native Name'), 'Español');
    await user.click(within(dialog).getByRole('button', { name: 'Add Language' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A language with the code es already exists.',
    );

    fakeApi.routes['POST /api/admin/languages/'] = () => new Response(null, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Add Language' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to save language'),
    );
  });

  it('checks the code before sending it', async () => {
    const user = userEvent.setup();
    renderScreen(<LanguagesTab />);

    await user.click(await screen.findByRole('button', { name: 'Add Language' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Language' });
    await user.type(within(dialog).getByLabelText('Code'), 'e1');
    await user.type(within(dialog).getByLabelText('Name'), 'Spanish');
    await user.type(within(dialog).getByLabelText('Native Name'), 'Español');
    await user.click(within(dialog).getByRole('button', { name: 'Add Language' }));

    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The language code must be two letters (ISO 639-1), such as es.',
    );
    expect(fakeApi.countOf('POST /api/admin/languages/')).toBe(0);
  });

  it('edits a language with its code locked, with a busy Save, and links to the dictionary source', async () => {
    const user = userEvent.setup();
    const save = pending();
    fakeApi.routes['PUT /api/admin/languages/3/'] = save.handler;
    renderScreen(<LanguagesTab />);

    await user.click(await screen.findByRole('button', { name: 'Edit French' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Language' });
    const code = within(dialog).getByLabelText('Code') as HTMLInputElement;
    expect(code.value).toBe('fr');
    expect(code.readOnly).toBe(true);
    const link = within(dialog).getByRole('link', { name: /Wiktextract on kaikki.org/ });
    expect(link.getAttribute('href')).toBe('https://kaikki.org/dictionary/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'French (France)');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect((within(dialog).getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fakeApi.bodiesOf('PUT /api/admin/languages/3/')).toEqual([
      { code: 'fr', name: 'French (France)', native_name: 'Français', is_active: true },
    ]);
    languages = [SPANISH, { ...FRENCH, name: 'French (France)', is_active: true }];
    save.answer(Response.json(languages[1]));

    expect(await screen.findByRole('cell', { name: 'French (France)' })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes a language only after confirmation', async () => {
    const user = userEvent.setup();
    fakeApi.routes['DELETE /api/admin/languages/3/'] = () => {
      languages = [SPANISH];
      return new Response(null, { status: 204 });
    };
    renderScreen(<LanguagesTab />);

    await user.click(await screen.findByRole('button', { name: 'Delete French' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Language' });
    expect(dialog.textContent).toContain('Are you sure you want to delete "French" (fr)?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fakeApi.countOf('DELETE /api/admin/languages/3/')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete French' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Language' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(screen.queryByRole('cell', { name: 'French' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakeApi.countOf('DELETE /api/admin/languages/3/')).toBe(1);
  });

  it("shows the server's sentence when a delete is refused, and the fallback when it gives none", async () => {
    const user = userEvent.setup();
    fakeApi.routes['DELETE /api/admin/languages/2/'] = () =>
      Response.json({ error: 'Spanish is used by 3 stories; delete or move them first.' }, { status: 409 });
    renderScreen(<LanguagesTab />);

    await user.click(await screen.findByRole('button', { name: 'Delete Spanish' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Language' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Spanish is used by 3 stories; delete or move them first.',
    );
    expect(screen.getByRole('cell', { name: 'Spanish', hidden: true })).toBeDefined();

    fakeApi.routes['DELETE /api/admin/languages/2/'] = () => new Response('', { status: 502 });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to delete language'),
    );
  });
});
