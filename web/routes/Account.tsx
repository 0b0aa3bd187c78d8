export { AccountPage as Account } from '#web/features/account/AccountPage.tsx';
