import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BASE_LANGUAGE_CODE } from '#common/languages.ts';
import type { LevelAnswer } from '#common/levels.ts';
import type { PublicLanguage } from '#common/schemas/languages.ts';
import type { LanguageProgressList, LearnerLevel } from '#common/schemas/reading.ts';
import type { Difficulty } from '#common/stories.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { storedLanguage, storeLanguage } from './chosenLanguage.ts';
import { saveLanguageProgress } from './queries.ts';

/** The difficulties the library opens at once, after a first choice of its language was answered. */
export interface LibraryOpening {
  language: string;
  difficulty: readonly Difficulty[];
}

/**
 * The language the dashboard shows and how a learner changes it (spec/learner.md §4): the one chosen on this
 * device, else the learner's first (oldest progress entry). Choosing a language saves it; the first time a
 * language is chosen (no progress entry yet) the learner is asked their level first (`asking`, issue 23), and
 * their answer is saved as its current_level before the library opens at the answer's difficulties.
 */
export function useLanguageChoice(
  languages: readonly PublicLanguage[] | undefined,
  progress: LanguageProgressList | undefined,
) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(storedLanguage);
  const [asking, setAsking] = useState<PublicLanguage>();
  const [opening, setOpening] = useState<LibraryOpening>();

  const known = new Set(languages?.map((language) => language.code));
  const language = chosen && known.has(chosen) ? chosen : progress?.[0]?.language.code;

  const save = useMutation({
    mutationFn: async ({ code, level }: { code: string; level?: LearnerLevel }) => {
      const target = languages?.find((item) => item.code === code);
      const base = languages?.find((item) => item.code === BASE_LANGUAGE_CODE);
      if (target) await saveLanguageProgress(target.id, base?.id, level);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.languageProgress() }),
  });

  function choose(code: string, opensAt?: LibraryOpening) {
    setChosen(code);
    storeLanguage(code);
    setOpening(opensAt);
  }

  /** Chooses the language and saves it at the default level, as the specification does (learner.md §7, §9). */
  function chooseAtDefaultLevel(code: string) {
    choose(code);
    save.mutate({ code });
  }

  function handleSelect(code: string) {
    const target = languages?.find((item) => item.code === code);
    // Asked only when the learner's languages are known: if they could not be loaded, the choice goes on as
    // the specification has it, at the default level (which never replaces a level already saved).
    const isFirstChoice =
      target !== undefined &&
      progress !== undefined &&
      !progress.some((entry) => entry.language.code === code);
    if (isFirstChoice) {
      setAsking(target);
      return;
    }
    chooseAtDefaultLevel(code);
  }

  async function handleAnswer(answer: LevelAnswer) {
    if (!asking) return;
    // Saved first (and the learner's languages reloaded), so the language is not asked about again.
    await save.mutateAsync({ code: asking.code, level: answer.level });
    choose(asking.code, { language: asking.code, difficulty: answer.difficulties });
    setAsking(undefined);
  }

  function handleSkip() {
    if (!asking) return;
    setAsking(undefined);
    chooseAtDefaultLevel(asking.code);
  }

  return { language, asking, opening, handleSelect, handleAnswer, handleSkip };
}
