import { plural } from '#common/plural.ts';
import { Input } from '#web/components/ui/Input.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { ChapterAudio } from './audio/ChapterAudio.tsx';
import type { DraftChapter } from './draft.ts';
import { GenerationPrompt } from './GenerationPrompt.tsx';
import { ReadAlongEditor } from './readAlong/ReadAlongEditor.tsx';

export interface ChapterEditorProps {
  chapter: DraftChapter;
  /** Its words, counted by the story's language's rule. */
  wordCount: number;
  /** Whether the count is the browser's estimate, until the save counts it (Japanese, Chinese). */
  isEstimate?: boolean;
  onChange: (patch: Partial<Pick<DraftChapter, 'title' | 'content'>>) => void;
  onPendingAudioChange: (pending: DraftChapter['pendingAudio']) => void;
  onRemoveAudio: () => void;
  isUploadingAudio: boolean;
  /** The chapter as the server holds it, if saved: timings are made for its text and audio (issue 23). */
  saved?: { content: string; audio_url: string | null } | undefined;
  disabled: boolean;
}

/**
 * The editor of the selected chapter (admin.md §2): its generation prompt when the bulk import gave one, the
 * title, the content (20 monospace rows with the live word count), the audio, uploaded or recorded, and its
 * read-along timings (issue 23).
 */
export function ChapterEditor({
  chapter,
  wordCount,
  isEstimate = false,
  onChange,
  onPendingAudioChange,
  onRemoveAudio,
  isUploadingAudio,
  saved,
  disabled,
}: ChapterEditorProps) {
  const hasUnsavedChanges =
    saved === undefined ||
    chapter.pendingAudio !== undefined ||
    saved.content !== chapter.content.trim() ||
    saved.audio_url !== chapter.audioUrl;
  return (
    <section aria-label={`Chapter: ${chapter.title || 'untitled'}`} className="flex min-w-0 flex-col gap-5">
      {chapter.generationPrompt ? <GenerationPrompt prompt={chapter.generationPrompt} /> : null}
      <Input
        label="Chapter Title"
        value={chapter.title}
        onChange={(event) => onChange({ title: event.target.value })}
        disabled={disabled}
        autoComplete="off"
      />
      <Textarea
        label="Chapter Content"
        rows={20}
        value={chapter.content}
        onChange={(event) => onChange({ content: event.target.value })}
        disabled={disabled}
        hint={wordCountHint(wordCount, isEstimate)}
        className="font-mono text-sm leading-relaxed"
        spellCheck={false}
      />
      <ChapterAudio
        audioUrl={chapter.audioUrl}
        durationSeconds={chapter.audioDurationSeconds}
        pending={chapter.pendingAudio}
        onPendingChange={onPendingAudioChange}
        onRemove={onRemoveAudio}
        isUploading={isUploadingAudio}
        disabled={disabled}
      />
      <ReadAlongEditor
        chapterId={chapter.id}
        audioUrl={chapter.audioUrl}
        durationSeconds={chapter.audioDurationSeconds}
        hasPendingAudio={chapter.pendingAudio !== undefined}
        hasUnsavedChanges={hasUnsavedChanges}
        disabled={disabled}
      />
    </section>
  );
}

/** The live count under the content: exact, or the browser's estimate until the save counts it. */
export function wordCountHint(count: number, isEstimate: boolean): string {
  const words = plural(count, { one: 'word', other: 'words' });
  return isEstimate ? `About ${words} (counted exactly when saved)` : words;
}
