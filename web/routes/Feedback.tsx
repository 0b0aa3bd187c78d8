export { FeedbackPage as Feedback } from '#web/features/feedback/FeedbackPage.tsx';
