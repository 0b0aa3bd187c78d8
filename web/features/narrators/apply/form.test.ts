import { describe, expect, it } from 'vitest';
import { APPLICATION_LIMITS } from '#common/schemas/narrators.ts';
import {
  type ApplicationDraft,
  type ApplicationFieldName,
  checkDraft,
  EMPTY_DRAFT,
  isRequiredField,
  preferredFormLanguage,
} from './form.ts';

const VALID: ApplicationDraft = {
  ...EMPTY_DRAFT,
  full_name: '  Ana Lima ',
  email: 'ana@example.com',
  city_country: 'Lisbon, Portugal',
  native_languages: 'Portuguese',
  experience_text: 'Radio presenter.',
  camera_comfortable: true,
  quiet_env: true,
  willing_submit_sample: false,
  weekly_hours_choice: '5-10',
  why_catamaran: 'I love stories.',
};

/** The value that leaves a field unanswered. */
function blank(field: ApplicationFieldName): ApplicationDraft {
  return { ...VALID, [field]: EMPTY_DRAFT[field] };
}

describe('checkDraft', () => {
  it('passes a complete draft on as the application, trimmed, with the unanswered microphone as null', () => {
    const check = checkDraft(VALID, 'fr');
    expect(check).toEqual({
      isValid: true,
      application: {
        form_language: 'fr',
        full_name: 'Ana Lima',
        email: 'ana@example.com',
        city_country: 'Lisbon, Portugal',
        native_languages: 'Portuguese',
        experience_text: 'Radio presenter.',
        camera_comfortable: true,
        accent_description: '',
        quiet_env: true,
        can_purchase_mic: null,
        willing_submit_sample: false,
        weekly_hours_choice: '5-10',
        desired_hourly_rate: '',
        topics_general: false,
        topics_18: false,
        topics_nsfw: false,
        why_catamaran: 'I love stories.',
        fit_for_learners: '',
        expressive_reading: '',
        anything_else: '',
      },
    });
  });

  it('requires exactly the answers the spec requires, as the server schema does', () => {
    for (const field of Object.keys(EMPTY_DRAFT) as ApplicationFieldName[]) {
      const check = checkDraft(blank(field), 'en');
      if (isRequiredField(field)) {
        expect(check, field).toEqual({ isValid: false, problems: { [field]: 'required' } });
      } else {
        expect(check.isValid, field).toBe(true);
      }
    }
  });

  it('counts an answer of spaces as no answer', () => {
    expect(checkDraft({ ...VALID, why_catamaran: '   ' }, 'en')).toEqual({
      isValid: false,
      problems: { why_catamaran: 'required' },
    });
  });

  it('tells a mistyped address from a missing one, and a too long answer from both', () => {
    expect(checkDraft({ ...VALID, email: 'ana@' }, 'en')).toEqual({
      isValid: false,
      problems: { email: 'invalid_email' },
    });
    expect(checkDraft({ ...VALID, anything_else: 'x'.repeat(APPLICATION_LIMITS.answer + 1) }, 'en')).toEqual({
      isValid: false,
      problems: { anything_else: 'too_long' },
    });
  });
});

describe('preferredFormLanguage', () => {
  it('picks the first browser language the form is written in, else English', () => {
    expect(preferredFormLanguage(['es-MX', 'en'])).toBe('es');
    expect(preferredFormLanguage(['de-DE', 'FR-ca'])).toBe('fr');
    expect(preferredFormLanguage(['zh-Hans-CN'])).toBe('zh');
    expect(preferredFormLanguage(['pt-BR', 'de'])).toBe('en');
    expect(preferredFormLanguage([])).toBe('en');
  });
});
