// Settings the portal checks before it starts serving (README "Settings").

/**
 * Why the portal must not start with these settings, or null. Without SESSION_SECRET the portal makes
 * one and keeps it in DATA_DIR: right for one process on one machine, but several processes (or
 * machines) would each sign cookies with their own, and a user would be signed out at every turn of
 * the load balancer. In production with more than one process (WEB_CONCURRENCY) it must be set.
 * @param {Record<string, string | undefined>} env
 * @returns {string | null}
 */
export function sessionSecretProblem(env) {
  const secret = env.SESSION_SECRET?.trim();
  if (secret !== undefined && secret !== '' && secret.length < 32) {
    return 'SESSION_SECRET is too short: use at least 32 characters (for example `openssl rand -base64 48`).';
  }
  if (secret) return null;
  const processes = Number(env.WEB_CONCURRENCY || 1);
  if (env.NODE_ENV === 'production' && processes > 1) {
    return (
      `SESSION_SECRET is not set, and ${processes} portal processes will serve (WEB_CONCURRENCY): ` +
      'each would sign session cookies with a secret of its own. Set SESSION_SECRET (at least 32 ' +
      'characters, the same for every process and machine) and start again.'
    );
  }
  return null;
}
