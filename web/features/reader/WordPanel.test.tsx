import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LOOKUP_FAILED, LOOKUP_NETWORK_FAILED } from './useWordLookup.ts';
import { PANEL_TEXT, WordPanel } from './WordPanel.tsx';

describe('WordPanel', () => {
  it('shows the loading text while the lookup runs', () => {
    render(<WordPanel lookup={{ status: 'loading', word: 'habló' }} language="es" onClose={() => {}} />);

    expect(screen.getByRole('heading', { name: 'habló' })).toBeDefined();
    expect(screen.getByText(PANEL_TEXT.loading)).toBeDefined();
  });

  it('holds the answer in a region of its own, a keyboard stop between Close and the status buttons', async () => {
    render(
      <WordPanel
        lookup={{ status: 'loading', word: 'habló' }}
        language="es"
        onClose={() => {}}
        termStatus={{ value: undefined, onChange: () => {}, failed: false }}
      />,
    );
    // A long answer scrolls there, under a header that stays (decision 100).
    const entry = screen.getByRole('region', { name: 'Dictionary entry' });
    expect(entry.textContent).toBe(PANEL_TEXT.loading);

    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close word details' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(entry);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Learning, level 1' }));
  });

  it('shows the lemma, the form and the translations of a word found, and the saved confirmation', () => {
    render(
      <WordPanel
        lookup={{
          status: 'found',
          word: 'habló',
          saved: true,
          result: {
            found: true,
            lemma: 'hablar',
            pos: 'verb',
            form: 'third-person singular preterite of hablar',
            translations: [
              {
                gloss: 'to speak',
                definition: 'to speak',
                example: 'Ella habla. — She speaks.',
                source: 'wiktextract',
              },
              {
                gloss: 'to talk',
                definition: '(intransitive) to talk',
                example: null,
                source: 'wiktextract',
              },
            ],
          },
        }}
        language="es"
        onClose={() => {}}
      />,
    );

    expect(screen.getByText('hablar').getAttribute('lang')).toBe('es');
    expect(screen.getByText('verb')).toBeDefined();
    expect(screen.getByText('third-person singular preterite of hablar')).toBeDefined();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Ella habla. — She speaks.')).toBeDefined();
    expect(screen.getByText('(intransitive) to talk')).toBeDefined();
    expect(screen.getByText(PANEL_TEXT.saved)).toBeDefined();
  });

  it('says a word is not in the dictionary', () => {
    render(
      <WordPanel
        lookup={{ status: 'not_found', word: 'xyz', saved: false }}
        language="es"
        onClose={() => {}}
      />,
    );

    expect(screen.getByText('Word not found in dictionary')).toBeDefined();
    expect(screen.getByText("This word hasn't been added to our translation database yet")).toBeDefined();
    expect(screen.queryByText(PANEL_TEXT.saved)).toBeNull();
  });

  it('shows a failed lookup with the warning sign, and a network failure on its own', () => {
    const { unmount } = render(
      <WordPanel
        lookup={{ status: 'error', word: 'mar', message: LOOKUP_FAILED, network: false, saved: false }}
        language="es"
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      `⚠️ ${LOOKUP_FAILED}Translation not found in dictionary`,
    );
    unmount();

    render(
      <WordPanel
        lookup={{ status: 'error', word: 'mar', message: LOOKUP_NETWORK_FAILED, network: true, saved: false }}
        language="es"
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to load translation');
  });

  it('closes on its button and on Escape', async () => {
    const onClose = vi.fn();
    render(<WordPanel lookup={{ status: 'loading', word: 'mar' }} language="es" onClose={onClose} />);

    await userEvent.click(screen.getByRole('button', { name: 'Close word details' }));
    await userEvent.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows the analysis of a Japanese word at once: its reading, its dictionary form and part of speech', () => {
    const analysis = { lemma: '食べる', reading: 'たべました', partOfSpeech: 'verb (ichidan)' };
    const { rerender } = render(
      <WordPanel
        lookup={{ status: 'loading', word: '食べました', analysis }}
        language="ja"
        onClose={() => {}}
      />,
    );

    expect(screen.getByText('たべました').getAttribute('lang')).toBe('ja');
    expect(screen.getByText('Reading:')).toBeDefined();
    expect(screen.getByText('食べる').getAttribute('lang')).toBe('ja');
    expect(screen.getByText('verb (ichidan)')).toBeDefined();

    rerender(
      <WordPanel
        lookup={{
          status: 'found',
          word: '食べました',
          analysis,
          saved: false,
          result: {
            found: true,
            lemma: '食べる',
            pos: 'verb',
            form: null,
            translations: [{ gloss: 'to eat', definition: 'to eat', example: null, source: 'wiktextract' }],
          },
        }}
        language="ja"
        onClose={() => {}}
      />,
    );
    // The dictionary form is named once, by the analysis.
    expect(screen.getAllByText('食べる')).toHaveLength(1);
    expect(screen.getByText('to eat')).toBeDefined();
  });

  it('shows the pinyin of a Chinese word', () => {
    render(
      <WordPanel
        lookup={{ status: 'not_found', word: '图书馆', analysis: { reading: 'tú shū guǎn' }, saved: false }}
        language="zh"
        onClose={() => {}}
      />,
    );

    expect(screen.getByText('tú shū guǎn').getAttribute('lang')).toBe('zh');
  });

  it('gives no reading for a word of kana alone', () => {
    render(
      <WordPanel
        lookup={{ status: 'loading', word: 'ボール', analysis: { reading: 'ぼーる', partOfSpeech: 'noun' } }}
        language="ja"
        onClose={() => {}}
      />,
    );

    expect(screen.queryByText('ぼーる')).toBeNull();
    expect(screen.getByText('noun')).toBeDefined();
  });

  it("shows the term's status and changes it by its buttons and keys", async () => {
    const onChange = vi.fn();
    render(
      <WordPanel
        lookup={{ status: 'loading', word: 'habló' }}
        language="es"
        onClose={() => {}}
        termStatus={{ value: 'learning-2', onChange, failed: false }}
      />,
    );

    expect(screen.getByText('Learning (2)')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Learning, level 2' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Known' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Known' }));
    await userEvent.keyboard('3');
    await userEvent.keyboard('i');

    expect(onChange.mock.calls).toEqual([['known'], ['learning-3'], ['ignored']]);
  });

  it('calls a term without a status a new word, and says when a status was not saved', () => {
    render(
      <WordPanel
        lookup={{ status: 'loading', word: 'perro' }}
        language="es"
        onClose={() => {}}
        termStatus={{ value: undefined, onChange: () => {}, failed: true }}
      />,
    );

    expect(screen.getByText('New word')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('The status could not be saved. Please try again.');
  });
});
