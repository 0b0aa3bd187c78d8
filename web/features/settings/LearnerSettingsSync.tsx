import { useReaderSettings } from './readerSettings.ts';

/**
 * Asks for the learner's settings on every screen that loads data (at most every five minutes), so that a theme
 * chosen on another device is drawn here too, not only once the reader or /account is opened (decision 082).
 */
export function LearnerSettingsSync(): null {
  useReaderSettings();
  return null;
}
