import { BookOpen } from 'lucide-react';
import { cn } from '#web/components/ui/cn.ts';

/** A story's cover, or a drawn stand-in with its initial when it has none. Decorative: the title is beside it. */
export function StoryCover({
  url,
  title,
  className,
}: {
  url: string | null;
  title: string;
  className?: string;
}) {
  return (
    <div className={cn('relative aspect-[3/4] overflow-hidden rounded-xl bg-brand-100 shadow-sm', className)}>
      {url ? (
        <img src={url} alt="" className="size-full object-cover" loading="lazy" decoding="async" />
      ) : (
        <div
          aria-hidden="true"
          className="brand-panel flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-600 to-brand-900 p-3 text-center text-white"
        >
          <BookOpen className="size-8 opacity-80" />
          <span className="line-clamp-3 text-sm font-semibold">{title}</span>
        </div>
      )}
    </div>
  );
}
