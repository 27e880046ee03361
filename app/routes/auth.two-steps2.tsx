// The second two-step design: same loader and action as /auth/two-steps.
import { TwoStepsPage } from '~/components/auth/two-steps-page';

export { action, ErrorBoundary, handle, loader, meta } from './auth.two-steps';

export default function TwoSteps2() {
  return <TwoStepsPage design="card" suffix="2" />;
}
