import { describe, expect, it } from 'vitest';
import { displayName, displayUsername, usernameFromName } from './identity.ts';

describe('displayName', () => {
  it('falls back from full name to username to e-mail to User', () => {
    expect(
      displayName({ email: 'ana@x.io', user_metadata: { full_name: 'Ana Lima', username: 'ana' } }),
    ).toBe('Ana Lima');
    expect(displayName({ email: 'ana@x.io', user_metadata: { full_name: '  ', username: 'ana' } })).toBe(
      'ana',
    );
    expect(displayName({ email: 'ana.lima@x.io', user_metadata: {} })).toBe('ana.lima');
    expect(displayName({ email: null })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});

describe('displayUsername', () => {
  it('welcomes by the display-name rule: full name, else username, else the e-mail before the @, else User', () => {
    expect(
      displayUsername({
        email: 'maya@x.io',
        user_metadata: { full_name: 'Maya Ortiz', username: 'mayaortiz' },
      }),
    ).toBe('Maya Ortiz');
    expect(displayUsername({ email: 'ana@x.io', user_metadata: { username: 'analima' } })).toBe('analima');
    expect(displayUsername({ email: 'ana@x.io', user_metadata: { full_name: ' ' } })).toBe('ana');
    expect(displayUsername({ user_metadata: { username: 42 } })).toBe('User');
  });
});

describe('usernameFromName', () => {
  it('lowercases the name and removes all whitespace', () => {
    expect(usernameFromName('  María José\tDe la Cruz ')).toBe('maríajosédelacruz');
  });
});
