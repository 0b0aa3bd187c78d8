/** The sentences of the reader (spec/learner.md §2, §8). */
export const READER_TEXT = {
  notFound: 'Chapter not found',
  lockedDetail: 'This chapter opens with Pro, with every other story in all 14 languages.',
  markRead: 'Mark as Read',
  marking: 'Marking as Read...',
  earn: (points: number) => `Mark this chapter as complete to earn ${points} points`,
  complete: 'Chapter Complete!',
  earned: (points: number) => `You earned ${points} points!`,
  nextChapter: (title: string) => `Next Chapter: ${title}`,
  backToStory: 'Back to Story',
  markFailed: 'The chapter could not be marked as read. Please try again.',
} as const;
