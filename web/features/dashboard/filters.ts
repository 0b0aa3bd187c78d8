import type { StoryListItem } from '#common/schemas/library.ts';
import {
  DIFFICULTIES,
  type Difficulty,
  LENGTH_CATEGORIES,
  type LengthCategory,
  TOPICS,
  type Topic,
} from '#common/stories.ts';
import { JUST_RIGHT_PERCENT } from '#common/terms.ts';

/** The story filters of the dashboard (spec/learner.md §2 filters panel). */
export interface StoryFilters {
  difficulty: readonly Difficulty[];
  length: readonly LengthCategory[];
  topics: readonly Topic[];
  hideAdult: boolean;
}

/** What a learner starts with: nothing chosen, adult stories hidden (spec/learner.md §9). */
export const DEFAULT_FILTERS: StoryFilters = { difficulty: [], length: [], topics: [], hideAdult: true };

/** Nothing chosen and adult stories shown: what 'Clear All' leaves. */
export const CLEARED_FILTERS: StoryFilters = { difficulty: [], length: [], topics: [], hideAdult: false };

/** The Filters button's badge: the options chosen, plus one when adult stories are hidden. */
export function filterBadgeCount(filters: StoryFilters): number {
  return (
    filters.difficulty.length + filters.length.length + filters.topics.length + (filters.hideAdult ? 1 : 0)
  );
}

const LENGTH_LABELS: Record<LengthCategory, string> = {
  very_short: 'Very Short (under 500 words)',
  short: 'Short (500-1500 words)',
  medium: 'Medium (1500-5000 words)',
  long: 'Long (5000+ words)',
};

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function topicLabel(topic: string): string {
  return topic === 'sci-fi' ? 'Sci-Fi' : capitalise(topic);
}

/** The sections of the filters panel, with their options and the labels a person reads. */
export const FILTER_SECTIONS = [
  {
    key: 'difficulty',
    title: 'Difficulty Level',
    options: DIFFICULTIES.map((value) => ({ value, label: capitalise(value) })),
  },
  {
    key: 'length',
    title: 'Story Length',
    options: LENGTH_CATEGORIES.map((value) => ({ value, label: LENGTH_LABELS[value] })),
  },
  {
    key: 'topics',
    title: 'Topics',
    options: TOPICS.map((value) => ({
      value,
      label: value === 'everyday' ? 'Everyday Life' : topicLabel(value),
    })),
  },
] as const;

/** The query of the story list, as the address carries it. */
export type StoryListInput = {
  language: string;
  difficulty?: string;
  length?: string;
  topics?: string;
  hide_adult?: 'true';
  search?: string;
};

/**
 * The query of GET /api/stories/ (spec/learner.md §7): the language, then each filter only when set (a list
 * joined by commas), and the search text only when there is some.
 */
export function storyListInput(language: string, filters: StoryFilters, search: string): StoryListInput {
  const query: StoryListInput = { language };
  if (filters.difficulty.length > 0) query.difficulty = filters.difficulty.join(',');
  if (filters.length.length > 0) query.length = filters.length.join(',');
  if (filters.topics.length > 0) query.topics = filters.topics.join(',');
  if (filters.hideAdult) query.hide_adult = 'true';
  const text = search.trim();
  if (text !== '') query.search = text;
  return query;
}

/** The same query as one line of text, which tells one list's cache from another's. */
export function storyListQuery(language: string, filters: StoryFilters, search: string): string {
  return new URLSearchParams(storyListInput(language, filters, search)).toString();
}

/** The three sections of the story list (spec/learner.md §4): started, not started, completed. */
export function groupStories(stories: readonly StoryListItem[]) {
  const groups = { continue: [], available: [], completed: [] } as Record<
    ReturnType<typeof cardKindOf>,
    StoryListItem[]
  >;
  for (const story of stories) groups[cardKindOf(story)].push(story);
  return { continueReading: groups.continue, available: groups.available, completed: groups.completed };
}

/** The section of the specification a story belongs to by the learner's progress in it, named as its card's kind. */
export function cardKindOf(story: StoryListItem): 'continue' | 'available' | 'completed' {
  const progress = story.user_progress;
  if (progress.is_completed) return 'completed';
  if (progress.completion_percentage > 0 || progress.words_read > 0) return 'continue';
  return 'available';
}

/**
 * 'Just right for you' (issue 22): the stories not yet completed that the learner knows 90-98 % of, easiest
 * (most known, then fewest new words) first; empty below the threshold of known terms (no shares).
 */
export function justRightStories(stories: readonly StoryListItem[]): StoryListItem[] {
  return stories
    .filter((story) => {
      const share = story.comprehension;
      return (
        share !== null &&
        !story.user_progress.is_completed &&
        share.known_percent >= JUST_RIGHT_PERCENT.min &&
        share.known_percent <= JUST_RIGHT_PERCENT.max
      );
    })
    .sort(
      (a, b) =>
        (b.comprehension?.known_percent ?? 0) - (a.comprehension?.known_percent ?? 0) ||
        (a.comprehension?.new_words ?? 0) - (b.comprehension?.new_words ?? 0),
    );
}
