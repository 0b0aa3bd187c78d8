import { type FormEvent, useState } from 'react';
import { bindFields, type FormCheck } from './form.ts';

/**
 * A form's state (docs/decisions/017): its values, bound to their controls (`text`, `choice`, `checked`), one
 * problem sentence, and a submit handler that checks the values (`check`, most often `checkForm` with a schema
 * from common/) and hands on the checked data, or shows the sentence of what is wrong. The problem is the
 * caller's to set too, for a refusal from the server.
 */
export function useForm<Values extends object, Data>({
  initial,
  check,
}: {
  /** The values the form opens with: the record's, or a new one's defaults. */
  initial: Values;
  check: (values: Values) => FormCheck<Data>;
}) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string>();

  function update(patch: Partial<Values>) {
    setValues((current) => ({ ...current, ...patch }));
  }

  /** The form's onSubmit: checks the values, then calls `onValid` with the checked data. */
  function handleSubmit(onValid: (data: Data) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const checked = check(values);
      if (!checked.ok) {
        setProblem(checked.problem);
        return;
      }
      setProblem(undefined);
      onValid(checked.data);
    };
  }

  return { values, update, ...bindFields(values, update), problem, setProblem, handleSubmit };
}
