// The second sign-in design: same loader and action as /auth/login.
import { LoginPage } from '~/components/auth/login-page';

export { action, ErrorBoundary, handle, loader, meta } from './auth.login';

export default function Login2() {
  return <LoginPage design="card" suffix="2" />;
}
