import { useId } from 'react';

/**
 * The ids that tie a form field to its label, hint and error: the field's own id (given or generated), the
 * hint's and the error's, and the aria-describedby list of those shown (plus any the caller passes).
 */
export function useFieldIds(options: { id?: string; hint?: string; error?: string; describedBy?: string }) {
  const generatedId = useId();
  const fieldId = options.id ?? generatedId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy =
    [options.describedBy, options.hint ? hintId : undefined, options.error ? errorId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  return { fieldId, hintId, errorId, describedBy };
}
