export { SubmitVideoPage as SubmitVideo } from '#web/features/narrators/video/SubmitVideoPage.tsx';
