import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { SETTINGS_TEXT, useReaderSettings } from '#web/features/settings/readerSettings.ts';
import { ThemeChooser } from '#web/features/settings/ThemeChooser.tsx';

export const THEME_CARD_TEXT = {
  title: 'Theme',
  description:
    'How Catamaran looks on every device you sign in on. Match system follows your device’s light or dark setting.',
} as const;

/** The learner's theme (issue 23): shown at once on the page, saved with their settings. */
export function ThemeCard() {
  const { settings, change, failed } = useReaderSettings();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {THEME_CARD_TEXT.title}
        </CardTitle>
        <CardDescription id={descriptionId}>{THEME_CARD_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ThemeChooser
          value={settings.theme}
          onChange={(theme) => change({ theme })}
          labelledBy={titleId}
          describedBy={descriptionId}
        />
        {failed ? <InlineAlert message={SETTINGS_TEXT.saveFailed} /> : null}
      </CardContent>
    </Card>
  );
}
