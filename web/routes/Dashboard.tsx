export { Dashboard } from '#web/features/dashboard/Dashboard.tsx';
