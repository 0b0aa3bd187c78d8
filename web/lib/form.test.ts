import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bindFields, checkForm } from './form.ts';

const Named = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required'),
  code: z.string().length(2, 'Two letters'),
});

describe('checkForm', () => {
  it('answers the parsed data when the input passes the schema', () => {
    expect(checkForm(Named, { name: ' Ana ', code: 'es' }, 'Name is required')).toEqual({
      ok: true,
      data: { name: 'Ana', code: 'es' },
    });
  });

  it("says the spec's sentence for missing fields before any other issue", () => {
    expect(checkForm(Named, { name: '', code: 'e' }, 'Name is required')).toEqual({
      ok: false,
      problem: 'Name is required',
    });
  });

  it("says the first issue's sentence when nothing is missing", () => {
    expect(checkForm(Named, { name: 'Ana', code: 'e' }, 'Name is required')).toEqual({
      ok: false,
      problem: 'Two letters',
    });
  });
});

describe('bindFields', () => {
  it('hands each control its value and passes a change on as a patch of that value', () => {
    const onChange = vi.fn();
    const field = bindFields({ title: 'El faro', level: 'child', isFree: false }, onChange);

    expect(field.text('title').value).toBe('El faro');
    field.text('title').onChange({ target: { value: 'La luz' } } as never);
    field.choice('level').onValueChange('teen');
    field.checked('isFree').onCheckedChange(true);

    expect(onChange.mock.calls).toEqual([[{ title: 'La luz' }], [{ level: 'teen' }], [{ isFree: true }]]);
  });
});
