import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { screenPath } from '#common/routes.ts';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { Button, buttonClassName } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { useReaderSettings } from '#web/features/settings/readerSettings.ts';
import { AudioPlayer } from './AudioPlayer.tsx';
import { SpeechPlayer } from './SpeechPlayer.tsx';
import type { ReadAlong } from './useReadAlong.ts';
import type { SpeechReadAlong } from './useSpeechReadAlong.ts';

/** The sticky header: back to the story, the chapter's title, Next, the audio when there is some, and the progress. */
export function ReaderHeader({
  chapter,
  percent,
  isCompleted,
  onNext,
  audio,
  readAlong,
  speech,
}: {
  chapter: ReaderChapter;
  percent: number;
  isCompleted: boolean;
  onNext: (() => void) | undefined;
  audio: RefObject<HTMLAudioElement | null>;
  readAlong: ReadAlong | undefined;
  speech: SpeechReadAlong | undefined;
}) {
  const { story } = chapter;
  const language = story.language.code;
  return (
    <header
      className={cn(
        'sticky top-0 z-20 border-b backdrop-blur',
        isCompleted ? 'border-green-200 bg-green-50/95' : 'border-slate-200 bg-white/95',
      )}
    >
      <div className="mx-auto flex max-w-3xl items-center gap-2 px-3 py-2.5 sm:gap-4 sm:px-6">
        <Link
          to={screenPath('story', { storyId: story.id })}
          className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'shrink-0' })}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Link>
        {/* On a phone, '(Completed!)' has a line of its own rather than being cut with a long title. */}
        <h1 className="min-w-0 flex-1 text-center text-sm font-semibold text-slate-900 sm:flex sm:justify-center sm:text-base">
          <span className="block truncate">
            Chapter {chapter.chapter_number}: <span lang={language}>{chapter.title}</span>
          </span>
          {isCompleted ? (
            <>
              {' '}
              <span className="block shrink-0 text-xs text-green-700 sm:ml-1.5 sm:text-base">
                (Completed!)
              </span>
            </>
          ) : null}
        </h1>
        {onNext ? (
          <Button size="sm" variant="secondary" className="shrink-0" onClick={onNext}>
            Next
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        ) : (
          <span className="w-16 shrink-0" aria-hidden="true" />
        )}
      </div>
      <Narration audioUrl={chapter.audio_url} audio={audio} readAlong={readAlong} speech={speech} />
      <ProgressBar
        value={percent}
        label="Chapter progress"
        size="sm"
        tone={isCompleted ? 'green' : 'blue'}
        className="rounded-none"
      />
    </header>
  );
}

/** The chapter's recording with its player, or the device's voice, or nothing. */
function Narration({
  audioUrl,
  audio,
  readAlong,
  speech,
}: {
  audioUrl: string | null;
  audio: RefObject<HTMLAudioElement | null>;
  readAlong: ReadAlong | undefined;
  speech: SpeechReadAlong | undefined;
}) {
  const { settings, change } = useReaderSettings();
  const rate = settings.playback_rate;
  const onRateChange = (next: number) => change({ playback_rate: next });
  if (!audioUrl && !speech) return null;
  return (
    <div className="border-t border-slate-200/70 px-2 py-1.5 sm:px-6">
      {audioUrl ? (
        <AudioPlayer
          src={audioUrl}
          audio={audio}
          readAlong={readAlong}
          rate={rate}
          onRateChange={onRateChange}
        />
      ) : speech ? (
        <SpeechPlayer speech={speech} rate={rate} onRateChange={onRateChange} />
      ) : null}
    </div>
  );
}
