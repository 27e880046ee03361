// The sign-in's second step (two-step verification): between the password and the code, the back
// office's challenge and where to go next wait in a short-lived signed cookie, scoped to /auth.
import { createCookie, redirect } from '@remix-run/node';
import { z } from 'zod';
import { twoFactorChallenge } from '@contract';
import { env } from './env.server';
import { HOME, safeRedirect } from './redirect';
import { isSecureRequest } from './session.server';

/** Minutes the second step may take (the back office's challenge lasts as long). */
export const TWO_STEPS_MINUTES = 5;

const pending = z.object({
  challenge: twoFactorChallenge,
  redirectTo: z.string(),
  design: z.enum(['', '2']),
});
export type PendingSignIn = z.infer<typeof pending>;

function cookie(request: Request) {
  return createCookie('__two_steps', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/auth',
    secure: isSecureRequest(request),
    secrets: [env().SESSION_SECRET],
    maxAge: TWO_STEPS_MINUTES * 60,
  });
}

/** After a right password on an account with two-step verification: on to the code page. */
export async function startTwoSteps(request: Request, value: PendingSignIn): Promise<Response> {
  return redirect(`/auth/two-steps${value.design}`, {
    headers: { 'Set-Cookie': await cookie(request).serialize(value) },
  });
}

/** The sign-in waiting for its code, or null (none, tampered or expired). */
export async function pendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const parsed = pending.safeParse(await cookie(request).parse(request.headers.get('Cookie')));
  return parsed.success ? { ...parsed.data, redirectTo: safeRedirect(parsed.data.redirectTo, HOME) } : null;
}

/** The Set-Cookie that forgets the pending sign-in. */
export function endTwoSteps(request: Request): Promise<string> {
  return cookie(request).serialize('', { maxAge: 0 });
}
