import { Type } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { lazyDialog, useLazyDialog } from '#web/components/ui/lazyDialog.ts';

const Panel = lazyDialog(() =>
  import('./ReaderSettingsPanel.tsx').then((module) => module.ReaderSettingsPanel),
);

/**
 * 'Text and theme' and the reader's settings dialog it opens (ReaderSettingsPanel.tsx), whose code loads when it
 * is first reached for, out of the reader's first load (docs/decisions/094).
 */
export function ReaderSettingsDialog() {
  const [open, setOpen] = useState(false);
  const { isMounted, triggerProps, dialogProps } = useLazyDialog(Panel.preload, {
    open,
    onOpenChange: setOpen,
  });
  return (
    <>
      <Button variant="ghost" size="sm" className="shrink-0" {...triggerProps}>
        <Type className="size-4" aria-hidden="true" />
        Text and theme
      </Button>
      {isMounted ? (
        <Suspense fallback={null}>
          <Panel.Dialog {...dialogProps} />
        </Suspense>
      ) : null}
    </>
  );
}
