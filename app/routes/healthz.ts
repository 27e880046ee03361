// Liveness for load balancers and the start script: the portal's process answers. It asks nothing of the
// back office, so a hung back office never makes a healthy portal look dead (readiness is /readyz).
export function loader() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
