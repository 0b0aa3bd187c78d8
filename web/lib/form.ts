import type { ChangeEvent } from 'react';
import type { z } from 'zod';

/** A form's input as its schema judged it: the parsed data, or the one sentence to show above the buttons. */
export type FormCheck<Data> = { ok: true; data: Data } | { ok: false; problem: string };

/**
 * Checks a form's input against its schema from common/, the one the server checks it with too. A failure
 * is said in one sentence: the spec's sentence for missing fields when that is among the issues, else the
 * first issue's.
 */
export function checkForm<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  required: string,
): FormCheck<z.output<Schema>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, problem: firstIssue(parsed.error.issues, required) };
}

/** The first message of a failed schema check, preferring the one the spec names for missing fields. */
function firstIssue(issues: readonly { message: string }[], required: string): string {
  if (issues.some((issue) => issue.message === required)) return required;
  return issues[0]?.message ?? required;
}

/** The names of the values of one type: the text fields, or the on/off ones. */
type NamesOf<Values, Type> = {
  [Name in keyof Values]: Values[Name] extends Type ? Name : never;
}[keyof Values];

/** The props that tie an Input or Textarea to one text value. */
export interface TextBinding {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/**
 * The props that tie the controls of components/ui to a form's values, whoever holds them (a dialog's own
 * state, or the story editor's draft): `text` for an Input or Textarea, `choice` for a Select, `checked` for
 * a Switch. Each change is handed on as a patch of the one value.
 */
export function bindFields<Values extends object>(
  values: Values,
  onChange: (patch: Partial<Values>) => void,
) {
  const patch = (name: keyof Values, value: unknown) => onChange({ [name]: value } as Partial<Values>);
  return {
    text: (name: NamesOf<Values, string>): TextBinding => ({
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        patch(name, event.target.value),
    }),
    choice: (name: NamesOf<Values, string>) => ({
      value: values[name] as string,
      onValueChange: (value: string) => patch(name, value),
    }),
    checked: (name: NamesOf<Values, boolean>) => ({
      checked: values[name] as boolean,
      onCheckedChange: (checked: boolean) => patch(name, checked),
    }),
  };
}
