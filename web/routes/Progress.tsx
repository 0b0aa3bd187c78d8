export { ProgressPage as Progress } from '#web/features/progress/ProgressPage.tsx';
