// Liveness for load balancers and the start script: the portal answers, and says whether the back office does.
import { backoffice } from '~/services/backoffice/client.server';

export async function loader() {
  let backofficeStatus: 'reachable' | 'unreachable' = 'reachable';
  try {
    await backoffice().call('health');
  } catch {
    backofficeStatus = 'unreachable';
  }
  return Response.json(
    { status: 'ok', backoffice: backofficeStatus },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
