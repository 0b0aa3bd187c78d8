export { AdminPage as Admin } from '#web/features/admin/AdminPage.tsx';
