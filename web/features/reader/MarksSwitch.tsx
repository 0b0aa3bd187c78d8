import { Switch } from '#web/components/ui/Switch.tsx';
import { useDeviceSwitch } from '#web/lib/deviceSwitch.ts';

/** Whether the words show their statuses (issue 22): on unless the learner hid them on this device. */
export function useShowMarks(): [boolean, (show: boolean) => void] {
  return useDeviceSwitch('catamaran-word-marks');
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
