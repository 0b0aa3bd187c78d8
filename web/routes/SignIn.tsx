export { SignInPage as SignIn } from '#web/features/auth/SignInPage.tsx';
