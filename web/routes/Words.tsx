export { SavedWords as Words } from '#web/features/words/SavedWords.tsx';
