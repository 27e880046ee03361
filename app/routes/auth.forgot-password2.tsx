// The second design of "Forgot your password?": same loader and action as /auth/forgot-password.
import { ForgotPasswordPage } from '~/components/auth/forgot-password-page';

export { action, ErrorBoundary, handle, loader, meta } from './auth.forgot-password';

export default function ForgotPassword2() {
  return <ForgotPasswordPage design="card" suffix="2" />;
}
