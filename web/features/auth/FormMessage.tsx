import { CircleAlert, MailCheck } from 'lucide-react';
import { cn } from '#web/components/ui/cn.ts';
import { isSuccessMessage } from './messages.ts';

/**
 * A form's result message: green and polite (role status) when it contains 'Check', otherwise red and
 * assertive (role alert), as spec/learner.md §4 has it.
 */
export function FormMessage({ message, className }: { message: string; className?: string }) {
  const isSuccess = isSuccessMessage(message);
  const Icon = isSuccess ? MailCheck : CircleAlert;
  return (
    <p
      role={isSuccess ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-2.5 rounded-lg px-4 py-3 text-base font-medium ring-1 ring-inset',
        isSuccess ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-red-50 text-red-800 ring-red-200',
        className,
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
