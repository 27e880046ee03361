// The second registration design: same loader and action as /auth/register.
import { RegisterPage } from '~/components/auth/register-page';

export { action, ErrorBoundary, handle, loader, meta } from './auth.register';

export default function Register2() {
  return <RegisterPage design="card" suffix="2" />;
}
