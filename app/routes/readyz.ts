// Readiness for load balancers: 200 when the back office answers its health call within a short limit,
// 503 with what is down otherwise, so traffic goes elsewhere instead of waiting on a hung back office.
import { backofficeReachable } from '~/services/health.server';

/** Far below the read limit: a load balancer polls often and must not pile up waiting requests. */
const READY_TIMEOUT_MS = 2_000;

export async function loader() {
  if (await backofficeReachable(READY_TIMEOUT_MS)) {
    return Response.json(
      { status: 'ready', backoffice: 'reachable' },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  }
  return Response.json(
    { status: 'unavailable', backoffice: 'unreachable' },
    { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } },
  );
}
