import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { DisclosureButton } from '#web/components/ui/DisclosureButton.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The blue 'Generation Prompt (from bulk import)' box of a chapter made by the bulk import (admin.md §2): the
 * prompt the chapter was written from, collapsible, with a Copy button for pasting it into a writing tool.
 */
export function GenerationPrompt({ prompt }: { prompt: string }) {
  const contentId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [copyState, setCopyState] = useState<CopyState>('idle');

  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = window.setTimeout(() => setCopyState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [copyState]);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(prompt);
      setCopyState('copied');
    } catch (error) {
      console.warn('Could not copy the generation prompt.', error);
      setCopyState('failed');
      setIsOpen(true);
    }
  }

  return (
    <section
      className="rounded-xl bg-blue-50 p-3 ring-1 ring-blue-200 ring-inset"
      aria-label="Generation Prompt"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DisclosureButton
          isOpen={isOpen}
          onToggle={() => setIsOpen((open) => !open)}
          controls={contentId}
          className="text-base font-semibold text-blue-900"
        >
          Generation Prompt (from bulk import)
        </DisclosureButton>
        <Button variant="outline" size="sm" onClick={() => void handleCopy()}>
          {copyState === 'copied' ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copyState === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copyState === 'copied' ? 'The prompt is copied to the clipboard.' : ''}
      </p>
      {copyState === 'failed' ? (
        <p role="alert" className="px-1 text-sm font-medium text-red-700">
          The browser did not allow copying. Select the text and copy it by hand.
        </p>
      ) : null}
      <div id={contentId} hidden={!isOpen}>
        <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-white p-3 font-mono text-sm whitespace-pre-wrap text-slate-800 ring-1 ring-blue-100 ring-inset">
          {prompt}
        </pre>
      </div>
    </section>
  );
}
