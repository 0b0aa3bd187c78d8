import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from './cn.ts';

export interface PickerOption {
  value: string;
  label: string;
  /** What the closed picker shows once this option is chosen, when it should be shorter than the list's label. */
  triggerLabel?: ReactNode;
  disabled?: boolean;
}

export interface PickerProps {
  /** The visible label (or the accessible name only, with `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  options: readonly PickerOption[];
  /** The chosen option's value; one that matches no option (or undefined) shows the placeholder. */
  value: string | undefined;
  onValueChange?: (value: string) => void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** Which edge of the trigger the open list lines up with. */
  align?: 'start' | 'end';
  /** Classes for the wrapper around label and trigger. */
  className?: string;
  triggerClassName?: string;
}

/**
 * A single-choice list for the screens drawn on the server (docs/decisions/107): a combobox button that opens a
 * listbox, with the keys of Radix Select (which the forms use): Enter, Space or the arrows open it on the chosen
 * option; the arrows, Home and End move, typing a name's first letters finds it, Enter or Space chooses, Escape
 * or Tab closes, focus back on the button. Closed, it is a button and a label, with no effect and no state set on
 * mount: hydrating it renders nothing again, where Radix Select set its nodes in state from refs and layout
 * effects, a second, synchronous render of the page's header at the end of its hydration.
 */
export function Picker({
  label,
  hideLabel = false,
  options,
  value,
  onValueChange,
  placeholder,
  disabled,
  id,
  align = 'start',
  className,
  triggerClassName,
}: PickerProps) {
  const generatedId = useId();
  const triggerId = id ?? `${generatedId}trigger`;
  const listId = `${generatedId}list`;
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const chosen = options.find((option) => option.value === value);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const dismiss = useCallback(() => setOpen(false), []);
  const openList = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(true);
  };

  return (
    <div className={cn('relative flex flex-col gap-1.5', className)}>
      <label htmlFor={triggerId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <button
        ref={trigger}
        id={triggerId}
        type="button"
        role="combobox"
        aria-controls={open ? listId : undefined}
        aria-expanded={open}
        aria-autocomplete="none"
        disabled={disabled}
        data-state={open ? 'open' : 'closed'}
        data-placeholder={chosen ? undefined : ''}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onKeyDown={openList}
        className={cn(
          'inline-flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-base text-slate-900 shadow-sm',
          'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 data-[placeholder]:text-slate-500',
          triggerClassName,
        )}
      >
        <span className="pointer-events-none min-w-0 truncate">
          {chosen ? (chosen.triggerLabel ?? chosen.label) : placeholder}
        </span>
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </button>
      {open ? (
        <PickerList
          id={listId}
          label={label}
          options={options}
          value={chosen?.value}
          align={align}
          onClose={close}
          onDismiss={dismiss}
          onChoose={(next) => {
            close();
            if (next !== value) onValueChange?.(next);
          }}
        />
      ) : null}
    </div>
  );
}

/** How long typed letters add up to one name (as Radix Select's typeahead). */
const TYPEAHEAD_MS = 1000;

/** The open list: it takes the focus and shows the option the keys are on (aria-activedescendant). */
function PickerList({
  id,
  label,
  options,
  value,
  align,
  onClose,
  onDismiss,
  onChoose,
}: {
  id: string;
  label: string;
  options: readonly PickerOption[];
  value: string | undefined;
  align: 'start' | 'end';
  /** Closes the list, focus back on the trigger (Escape, Tab). */
  onClose: () => void;
  /** Closes the list where focus went elsewhere (a press or focus outside the picker). */
  onDismiss: () => void;
  onChoose: (value: string) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(() => Math.max(0, firstEnabled(options, value)));
  const typed = useRef<Typed>({ text: '', at: 0 });
  const optionId = (index: number) => `${id}-${index}`;

  useFocusUntilPressOutside(list, onDismiss);

  // The option the keys moved to is brought into view (and the chosen one on opening); one under the pointer
  // already is.
  const moved = useRef(true);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const move = (index: number) => {
    if (index < 0 || index >= options.length) return;
    moved.current = true;
    setActive(index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    listKey(event, { options, active, typed: typed.current, move, onChoose, onClose });

  return (
    <div
      ref={list}
      id={id}
      role="listbox"
      aria-label={label}
      aria-activedescendant={optionId(active)}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      // A press on an option keeps the focus in the list, so the click that follows chooses it.
      onMouseDown={(event) => event.preventDefault()}
      onBlur={(event) => {
        if (!event.currentTarget.parentElement?.contains(event.relatedTarget as Node | null)) onDismiss();
      }}
      className={cn(
        'absolute top-full z-50 mt-1 max-h-[min(24rem,70dvh)] w-max min-w-full max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg outline-none',
        align === 'end' ? 'right-0' : 'left-0',
      )}
    >
      {options.map((option, index) => (
        <PickerItem
          key={option.value}
          id={optionId(index)}
          option={option}
          isChosen={option.value === value}
          isActive={index === active}
          onPoint={() => index !== active && setActive(index)}
          onChoose={onChoose}
        />
      ))}
    </div>
  );
}

/** Focuses the open list, and closes it (`onDismiss`) on a press outside the picker around it. */
function useFocusUntilPressOutside(list: { current: HTMLDivElement | null }, onDismiss: () => void): void {
  useEffect(() => {
    list.current?.focus({ preventScroll: true });
    const picker = list.current?.parentElement;
    const outside = (event: PointerEvent) => {
      if (!picker?.contains(event.target as Node)) onDismiss();
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [list, onDismiss]);
}

/** The letters typed so far in the open list, and when the last came. */
interface Typed {
  text: string;
  at: number;
}

/** A key in the open list: a move, a choice, a close, or a letter of a name; others are left to the browser. */
function listKey(
  event: KeyboardEvent<HTMLDivElement>,
  list: {
    options: readonly PickerOption[];
    active: number;
    typed: Typed;
    move: (index: number) => void;
    onChoose: (value: string) => void;
    onClose: () => void;
  },
): void {
  const { options, active, typed, move, onChoose, onClose } = list;
  const step = (from: number, by: 1 | -1) => nextEnabled(options, from, by);
  const option = options[active];
  const choose = () => option && !option.disabled && onChoose(option.value);
  const isTyping = () => typed.text !== '' && Date.now() - typed.at < TYPEAHEAD_MS;
  const findTyped = (letter: string) => {
    typed.text = (isTyping() ? typed.text : '') + letter.toLowerCase();
    typed.at = Date.now();
    move(typedMatch(options, typed.text, active));
  };
  const keys: Record<string, () => void> = {
    ArrowDown: () => move(step(active, 1)),
    ArrowUp: () => move(step(active, -1)),
    Home: () => move(step(-1, 1)),
    End: () => move(step(options.length, -1)),
    Enter: choose,
    // A space within a name being typed is part of it; otherwise it chooses, as Enter does.
    ' ': () => (isTyping() ? findTyped(' ') : choose()),
    Escape: onClose,
    Tab: onClose,
  };
  const action =
    keys[event.key] ??
    (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey
      ? () => findTyped(event.key)
      : undefined);
  if (!action) return;
  event.preventDefault();
  action();
}

/**
 * One option of the open list. The list holds the focus and the keys, showing the option they are on with
 * aria-activedescendant (the listbox pattern of ARIA's practices): an option is not focused itself and has no
 * keys of its own.
 */
function PickerItem({
  id,
  option,
  isChosen,
  isActive,
  onPoint,
  onChoose,
}: {
  id: string;
  option: PickerOption;
  isChosen: boolean;
  isActive: boolean;
  onPoint: () => void;
  onChoose: (value: string) => void;
}) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the listbox's active descendant, as said above
    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox's keys choose it, as said above
    <div
      id={id}
      role="option"
      aria-selected={isChosen}
      aria-disabled={option.disabled || undefined}
      data-highlighted={isActive ? '' : undefined}
      onPointerMove={() => !option.disabled && onPoint()}
      onClick={() => !option.disabled && onChoose(option.value)}
      className={cn(
        'relative flex min-h-11 cursor-default items-center rounded-md py-2 pr-3 pl-9 text-base text-slate-900 select-none',
        'aria-disabled:text-slate-400 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
      )}
    >
      {isChosen ? <Check className="absolute left-2.5 size-4 text-brand-700" aria-hidden="true" /> : null}
      {option.label}
    </div>
  );
}

/** The chosen option's index if it can be chosen, else the first that can (-1 when none can). */
function firstEnabled(options: readonly PickerOption[], value: string | undefined): number {
  const chosen = options.findIndex((option) => option.value === value && !option.disabled);
  return chosen >= 0 ? chosen : nextEnabled(options, -1, 1);
}

/** The next option from `from` by `by` that can be chosen; `from` itself when there is none. */
function nextEnabled(options: readonly PickerOption[], from: number, by: 1 | -1): number {
  for (let index = from + by; index >= 0 && index < options.length; index += by)
    if (!options[index]?.disabled) return index;
  return from;
}

/** The first option after `from` (wrapping round) whose label starts with `text`; -1 when none does. */
function typedMatch(options: readonly PickerOption[], text: string, from: number): number {
  // Typing one letter again goes on to the next name with that letter, as Radix Select's typeahead does.
  const repeated = text.length > 1 && [...text].every((letter) => letter === text[0]);
  const wanted = repeated ? text.slice(0, 1) : text;
  const start = repeated || text.length === 1 ? from + 1 : from;
  for (let offset = 0; offset < options.length; offset += 1) {
    const index = (start + offset) % options.length;
    const option = options[index];
    if (option && !option.disabled && option.label.toLowerCase().startsWith(wanted)) return index;
  }
  return -1;
}
