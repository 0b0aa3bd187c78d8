import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { restrictToParentElement, restrictToVerticalAxis } from '@dnd-kit/modifiers';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Plus } from 'lucide-react';
import { useRef } from 'react';
import { plural } from '#common/plural.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { DeleteIconButton } from '../AdminTable.tsx';

export interface ChapterListItem {
  key: string;
  /** Its chapter_number: its place in the list, from 1, as a save renumbers it (admin.md §4). */
  number: number;
  title: string;
  wordCount: number;
  isUnsaved: boolean;
}

export interface ChapterListProps {
  chapters: readonly ChapterListItem[];
  selectedKey: string | undefined;
  onSelect: (key: string) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
  onMove: (key: string, toIndex: number) => void;
  disabled: boolean;
}

const INSTRUCTIONS =
  'To reorder a chapter, press Space or Enter on its handle, move it with the up and down arrow keys, ' +
  'then press Space or Enter to drop it, or Escape to cancel.';

/**
 * The Content tab's chapter list (admin.md §2): number, title and word count, a delete button, Add, and reordering by
 * dragging a chapter's handle or, with the keyboard, by picking the handle up with Space and moving it with
 * the arrow keys (dnd-kit, which also tells a screen reader where the chapter is).
 */
export function ChapterList({
  chapters,
  selectedKey,
  onSelect,
  onAdd,
  onRemove,
  onMove,
  disabled,
}: ChapterListProps) {
  const sensors = useSensors(
    // A press that moves less than this is a click, so the handle does not swallow taps.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = chapters.map((chapter) => chapter.key);

  function describe(id: UniqueIdentifier, overId?: UniqueIdentifier): string {
    const chapter = chapters.find((item) => item.key === id);
    const position = keys.indexOf(String(overId ?? id)) + 1;
    return `${chapter?.title ?? 'The chapter'} is at position ${position} of ${chapters.length}.`;
  }

  // dnd-kit reports "over" as soon as a drag starts (over the chapter itself); saying so would talk over
  // "Picked up", so only a change of place is announced.
  const announcedOver = useRef<UniqueIdentifier | undefined>(undefined);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = active.id;
      return `Picked up. ${describe(active.id)}`;
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === announcedOver.current) return undefined;
      announcedOver.current = over?.id;
      return over ? describe(active.id, over.id) : 'Not over the list.';
    },
    onDragEnd: ({ active, over }) => (over ? `Dropped. ${describe(active.id, over.id)}` : 'Dropped.'),
    onDragCancel: ({ active }) => `Reordering cancelled. ${describe(active.id)}`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(String(active.id), keys.indexOf(String(over.id)));
  }

  return (
    <section aria-labelledby="chapter-list-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="chapter-list-heading" className="text-lg font-semibold text-slate-900">
          Chapters
        </h2>
        <Button variant="outline" size="sm" onClick={onAdd} disabled={disabled} aria-label="Add chapter">
          <Plus className="size-4" aria-hidden="true" />
          Add
        </Button>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[restrictToVerticalAxis, restrictToParentElement]}
        onDragEnd={handleDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={disabled}>
          <ol className="flex flex-col gap-2">
            {chapters.map((chapter) => (
              <SortableChapter
                key={chapter.key}
                chapter={chapter}
                isSelected={chapter.key === selectedKey}
                onSelect={() => onSelect(chapter.key)}
                onRemove={() => onRemove(chapter.key)}
                disabled={disabled}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
}

function SortableChapter({
  chapter,
  isSelected,
  onSelect,
  onRemove,
  disabled,
}: {
  chapter: ChapterListItem;
  isSelected: boolean;
  onSelect: () => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: chapter.key, disabled });
  const words = plural(chapter.wordCount, { one: 'word', other: 'words' });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex items-center gap-1 rounded-xl p-1 ring-inset',
        isSelected ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-white ring-1 ring-slate-200',
        isDragging && 'relative z-10 shadow-lg',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${chapter.title || 'untitled chapter'}`}
        className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 active:cursor-grabbing disabled:cursor-not-allowed"
      >
        <GripVertical className="size-5" aria-hidden="true" />
      </button>
      <span className="flex min-w-7 shrink-0 justify-center rounded-md bg-slate-100 px-1.5 py-0.5 text-sm font-semibold text-slate-700 tabular-nums">
        <span className="sr-only">Chapter </span>
        {chapter.number}
      </span>
      <button
        type="button"
        onClick={onSelect}
        aria-current={isSelected ? 'true' : undefined}
        className="flex min-h-11 min-w-0 flex-1 flex-col items-start justify-center rounded-lg px-2 py-1 text-left hover:bg-slate-900/5"
      >
        <span className="w-full truncate text-base font-medium text-slate-900">
          {chapter.title || 'Untitled chapter'}
        </span>
        <span className="text-sm text-slate-600">
          {words}
          {chapter.isUnsaved ? ' · not saved yet' : ''}
        </span>
      </button>
      <DeleteIconButton label={`Delete ${chapter.title || 'untitled chapter'}`} onClick={onRemove} />
    </li>
  );
}
