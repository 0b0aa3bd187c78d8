/** The sentences of the reader (spec/learner.md §2, §8). */
export const READER_TEXT = {
  notFound: 'Chapter not found',
  lockedDetail: 'This chapter opens with Pro, with every other story in all 14 languages.',
  markRead: 'Mark as Read',
  marking: 'Marking as Read...',
  // The specification's sentences say 'points'; one point is said in the singular beside them.
  earn: (points: number) =>
    points === 1
      ? 'Mark this chapter as complete to earn 1 point'
      : `Mark this chapter as complete to earn ${points} points`,
  complete: 'Chapter Complete!',
  earned: (points: number) => (points === 1 ? 'You earned 1 point!' : `You earned ${points} points!`),
  nextChapter: (title: string) => `Next Chapter: ${title}`,
  backToStory: 'Back to Story',
  markFailed: 'The chapter could not be marked as read. Please try again.',
} as const;
