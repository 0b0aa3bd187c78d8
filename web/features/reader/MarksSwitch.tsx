import { useState } from 'react';
import { Switch } from '#web/components/ui/Switch.tsx';

const STORAGE_KEY = 'catamaran-word-marks';

/** Whether the words show their statuses (issue 22): on unless the learner hid them on this device. */
export function useShowMarks(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(() => readStored());
  return [
    show,
    (next: boolean) => {
      setShow(next);
      try {
        localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
      } catch {
        // Storage refused (a private window): the choice holds for this page.
      }
    },
  ];
}

function readStored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** The reader's switch for the words' status marks (new, learning). */
export function MarksSwitch({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      label="Word marks"
      checked={checked}
      onCheckedChange={onCheckedChange}
      wrapperClassName="gap-2.5"
    />
  );
}
