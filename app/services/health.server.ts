// Whether the back office answers, for the readiness check of load balancers.
import { backoffice } from './backoffice/client.server';

/** True when the back office answers its health call within `timeoutMs`. */
export async function backofficeReachable(timeoutMs: number): Promise<boolean> {
  try {
    await backoffice().call('health', { timeoutMs });
    return true;
  } catch {
    return false;
  }
}
