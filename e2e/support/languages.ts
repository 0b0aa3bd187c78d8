import { expect, type Page } from '@playwright/test';
import type { LEVEL_ANSWERS } from '#common/levels.ts';

/** What a learner can say when asked their level: one of the answers, or Skip. */
export type LevelReply = (typeof LEVEL_ANSWERS)[number]['label'] | 'Skip';

/**
 * Picks a language the learner has never chosen, in the dashboard's header, and gives the level dialog that
 * follows its reply (decision 080); Skip, the default, chooses it at the beginner level as the specification
 * does, with the library unfiltered.
 */
export async function chooseNewLanguage(page: Page, name: string, reply: LevelReply = 'Skip'): Promise<void> {
  // A library drawn in its HTML answers the picker once the app has taken the page over, which sets its title
  // (decision 104).
  await expect(page).toHaveTitle('Library · Catamaran');
  await page.getByRole('combobox', { name: 'Language to learn' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^How well do you know / });
  await dialog.getByRole('button', { name: reply, exact: true }).click();
  await expect(dialog).toBeHidden();
}
