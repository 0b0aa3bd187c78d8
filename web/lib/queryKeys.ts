// Every query key of the web app, in one place: each query's key is made here, and a change invalidates by
// the keys made here, so a key and the invalidations that must reach it cannot drift apart. A key's first
// parts are what invalidations match by prefix; the notes say which.

export const queryKeys = {
  // The learner's screens.
  /** The public languages, to learn and to read in. */
  languages: () => ['languages'] as const,
  /** The learner's languages and their totals; a chapter marked read or unread changes them. */
  languageProgress: () => ['language-progress'] as const,
  /** Every story list and every story's page (a prefix): a chapter's progress changes them. */
  stories: () => ['stories'] as const,
  /** The story list of one query (`storyListQuery`), under stories(). */
  storyList: (query: string) => ['stories', 'list', query] as const,
  /** A story's page, under stories(). */
  story: (storyId: number) => ['stories', storyId] as const,
  /** Every chapter the reader has loaded (a prefix): a learner's choice of readings changes them. */
  chapters: () => ['chapters'] as const,
  /** A chapter as the reader shows it, under chapters(). */
  chapter: (chapterId: number) => ['chapters', chapterId] as const,
  /** Today's reading against the goal in a language. */
  dailyGoal: (language: string | undefined) => ['daily-goal', language] as const,
  /** Every language's daily goal (a prefix): reading time sent late changes them. */
  dailyGoalAll: () => ['daily-goal'] as const,
  /** The activity of a range of dates. */
  activity: (from: string, to: string) => ['activity', from, to] as const,
  /** Every range of activity (a prefix): reading time and chapters sent late change them. */
  activityAll: () => ['activity'] as const,
  /** The plan of the signed-in person, by their address. */
  subscription: (email: string) => ['subscription', email] as const,
  /** A tapped word's lookup, by its dictionary form first when the server's analysis found one. */
  lookup: (language: string, word: string, lemma?: string) =>
    lemma ? (['dictionary', language, word, lemma] as const) : (['dictionary', language, word] as const),
  /** The learner's saved words; a word looked up changes them. */
  words: () => ['words'] as const,
  /** One filtered, sorted list of the saved words (issue 22), under words(). */
  wordList: (query: string) => ['words', 'list', query] as const,
  /** The learner's known words per language and day by day (issue 22); statuses changed change them. */
  knownWords: (days: number) => ['known-words', days] as const,
  /** Every range of known words (a prefix), for invalidation. */
  knownWordsAll: () => ['known-words'] as const,
  /** How the learner reads and listens (issue 23): speed, text size, spacing, typeface, theme. */
  readerSettings: () => ['reader-settings'] as const,
  /** The stories the learner downloaded for offline reading on this device (issue 24), by their address. */
  downloads: (owner: string) => ['downloads', owner] as const,
  /** The devices signed in to the learner's account; signing one out changes them. */
  signedInDevices: () => ['signed-in-devices'] as const,

  // The admin area: each under ['admin'].
  adminPermission: () => ['admin', 'permission'] as const,
  adminLanguages: () => ['admin', 'languages'] as const,
  /** Every story (exactly), or with each story's own keys below it (as a prefix). */
  adminStories: () => ['admin', 'stories'] as const,
  /** One story, for the editor; under adminStories(). */
  adminStory: (storyId: number) => ['admin', 'stories', storyId] as const,
  /** A story's chapters; under adminStories() and adminStory(). */
  adminChapters: (storyId: number) => ['admin', 'stories', storyId, 'chapters'] as const,
  /** A chapter's read-along timings (issue 23), as saved for its current text. */
  adminReadAlong: (chapterId: number) => ['admin', 'read-along', chapterId] as const,
  /** Every chapter's timings (a prefix): a story save may drop some. */
  adminReadAlongAll: () => ['admin', 'read-along'] as const,
  /** A chapter text's words as the server counts them (ja, zh); never changes for the same text. */
  wordCount: (language: string, content: string) => ['admin', 'word-count', language, content] as const,
  /** The latest dictionary imports. An import's own key is not under it, so refreshing the list never
   * refetches the import being polled. */
  dictionaryImports: () => ['admin', 'translations', 'imports'] as const,
  dictionaryImport: (importId: number) => ['admin', 'translations', 'import', importId] as const,
  /** The narrator applications; toggling 'contacted' writes the server's answer into the list. */
  narratorApplications: () => ['admin', 'teacher-applications'] as const,
  narratorVideos: () => ['admin', 'applicant-videos'] as const,
} as const;
