export { SignUpPage as SignUp } from '#web/features/auth/SignUpPage.tsx';
