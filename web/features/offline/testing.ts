// Test-only helpers for the offline features: imported by tests only, so it never reaches a bundle.
import type { Download } from './downloads.ts';

/** A story downloaded to this device by olga@example.com. */
export const GATA: Download = {
  storyId: 4,
  title: 'La gata y la luna',
  language: 'es',
  coverUrl: null,
  chapterCount: 3,
  bytes: 1_250_000,
  downloadedAt: '2026-11-27T10:00:00Z',
  owner: 'olga@example.com',
};
