export { ApplyPage as Apply } from '#web/features/narrators/apply/ApplyPage.tsx';
