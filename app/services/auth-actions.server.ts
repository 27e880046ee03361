// The actions behind the sign-in pages; each page design (/auth/login and /auth/login2, ...) uses the same one.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import {
  loginSchema,
  registerSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  twoStepsSchema,
} from '~/forms/auth';
import { authenticator } from './auth.server';
import { backoffice, isBackofficeError } from './backoffice/client.server';
import { messageKeyFor, reportError } from './errors.server';
import { redirectWithFlash } from './flash.server';
import { getLanguage } from './i18n.server';
import { HOME, safeRedirect } from './redirect';
import { commitSignIn, type SessionData } from './session.server';
import { endTwoSteps, pendingSignIn, startTwoSteps } from './two-steps.server';
import { toPortalUser, splitFullName } from './user';
import { messageWith } from '~/components/messages';
import { savedPreferenceCookies } from './account-preferences.server';
import { registerThrottle, resetMailThrottle, signInThrottle, twoStepsThrottle } from './throttle.server';
import { readForm } from './form-body.server';

/**
 * "Too many attempts" on the sign-in form, with the minutes to wait; when the back office has locked
 * the account, also that a password reset lifts the lock (the same words for an unknown address).
 */
function tooManyAttempts(
  submission: {
    reply: (options: { formErrors: string[]; hideFields: string[] }) => SubmissionResult<string[]>;
  },
  seconds: number,
  lock: 'address' | 'account' = 'address',
  secret: 'password' | 'code' = 'password',
) {
  return data(
    submission.reply({
      formErrors: [
        messageWith(lock === 'account' ? 'auth:login.accountLocked' : 'auth:login.tooManyAttempts', {
          count: Math.max(1, Math.ceil(seconds / 60)),
        }),
      ],
      hideFields: [secret],
    }),
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  );
}

/** '2' when the request came from the second page design (/auth/login2, /auth/two-steps2). */
function designOf(request: Request): '' | '2' {
  return new URL(request.url).pathname.endsWith('2') ? '2' : '';
}

/** Starts the portal session; the language and appearance saved with the account follow the user here. */
async function finishSignIn(
  request: Request,
  signedIn: SessionData,
  redirectTo: string,
  extra: string[] = [],
) {
  const response = await commitSignIn(request, signedIn, redirectTo);
  for (const cookie of [...extra, ...(await savedPreferenceCookies(signedIn.backoffice))]) {
    response.headers.append('Set-Cookie', cookie);
  }
  return response;
}

export async function loginAction({ request, context }: ActionFunctionArgs) {
  // remix-auth-form reads the body itself: Conform gets a copy.
  const formData = await readForm(request.clone());
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  }
  // Failed sign-ins are counted per client address here, per account in the back office.
  const address = context?.clientAddress ?? 'unknown';
  const wait = await signInThrottle.retryAfter(address);
  if (wait > 0) return tooManyAttempts(submission, wait);
  const redirectTo = safeRedirect(submission.value.redirectTo, HOME);
  try {
    const signedIn = await authenticator.authenticate('form', request);
    return await finishSignIn(request, signedIn, redirectTo);
  } catch (error) {
    // The password was right and the account asks for a code: on to the second step.
    if (isBackofficeError(error) && error.code === 'two_factor_required' && error.challenge) {
      return startTwoSteps(request, { challenge: error.challenge, redirectTo, design: designOf(request) });
    }
    const wrongCredentials = isBackofficeError(error, 'unauthorized');
    if (wrongCredentials) await signInThrottle.fail(address);
    if (isBackofficeError(error) && error.code === 'too_many_requests') {
      return tooManyAttempts(submission, error.retryAfter ?? 15 * 60, 'account');
    }
    if (!wrongCredentials) reportError('login', error);
    return data(
      submission.reply({
        formErrors: [
          wrongCredentials
            ? 'auth:login.wrongCredentials'
            : isBackofficeError(error, 'unavailable') || isBackofficeError(error, 'bad_answer')
              ? 'auth:login.unavailable'
              : 'auth:login.unexpected',
        ],
        hideFields: ['password'],
      }),
      { status: wrongCredentials ? 401 : 503 },
    );
  }
}

/** A form refused for too many requests from this client address, with the minutes to wait. */
function tooManyRequests<T>(reply: T, seconds: number) {
  return data(reply, { status: 429, headers: { 'Retry-After': String(seconds) } });
}

/** The back office refused the new password as too easy to guess (it names the field). */
function weakPassword(error: unknown, field: 'password' | 'new_password' = 'password'): boolean {
  return isBackofficeError(error, 'rejected') && error.fields.includes(field);
}

/**
 * Registration. A new address and one that already has an account get the same answer ("check your
 * mail"): the back office welcomes the new customer, or tells the owner someone tried, by mail.
 * Nobody is signed in here, so the page cannot tell the two apart (decision record 025).
 */
export async function registerAction({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), sentTo: null }, { status: 400 });
  }
  // Every registration counts per client address (each one may send a mail).
  const address = context?.clientAddress ?? 'unknown';
  const wait = await registerThrottle().retryAfter(address);
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    const formErrors = [messageWith('auth:register.tooMany', { count: minutes })];
    return tooManyRequests(
      { result: submission.reply({ formErrors, hideFields: ['password'] }), sentTo: null },
      wait,
    );
  }
  await registerThrottle().fail(address);
  const { fullName, email, password, referralCode } = submission.value;
  try {
    await backoffice().call('signup', {
      body: {
        email,
        password,
        ...splitFullName(fullName),
        ...(referralCode ? { referral_code: referralCode } : {}),
        lang: await getLanguage(request),
      },
    });
  } catch (error) {
    if (weakPassword(error)) {
      const reply = submission.reply({
        fieldErrors: { password: ['validation.passwordWeak'] },
        hideFields: ['password'],
      });
      return data({ result: reply, sentTo: null }, { status: 400 });
    }
    reportError('register', error);
    const key = messageKeyFor(error, { byKind: { rejected: 'auth:register.failed' } });
    return data(
      { result: submission.reply({ formErrors: [key], hideFields: ['password'] }), sentTo: null },
      {
        status: 400,
      },
    );
  }
  return { result: submission.reply({ resetForm: true }), sentTo: email };
}

export async function forgotPasswordAction({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== 'success')
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  // Every request counts per client address; the back office also mails one address at most 3 an hour.
  const address = context?.clientAddress ?? 'unknown';
  const wait = await resetMailThrottle.retryAfter(address);
  if (wait > 0) {
    const formErrors = [messageWith('auth:forgot.tooMany', { count: Math.max(1, Math.ceil(wait / 60)) })];
    return tooManyRequests({ result: submission.reply({ formErrors }), sentTo: null }, wait);
  }
  await resetMailThrottle.fail(address);
  try {
    await backoffice().call('forgotPassword', {
      body: { email: submission.value.email, lang: await getLanguage(request) },
    });
  } catch (error) {
    reportError('forgot password', error);
    return data(
      { result: submission.reply({ formErrors: [messageKeyFor(error)] }), sentTo: null },
      { status: 503 },
    );
  }
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

export async function resetPasswordAction({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password', 'confirm'] }), { status: 400 });
  }
  const { email, token, password } = submission.value;
  try {
    await backoffice().call('passwordReset', { body: { email, token, password } });
  } catch (error) {
    if (weakPassword(error)) {
      return data(
        submission.reply({
          fieldErrors: { password: ['validation.passwordWeak'] },
          hideFields: ['password', 'confirm'],
        }),
        { status: 400 },
      );
    }
    const key = messageKeyFor(error, { byCode: { invalid_token: 'auth:reset.invalid' } });
    if (key !== 'auth:reset.invalid') reportError('password reset', error);
    return data(submission.reply({ formErrors: [key], hideFields: ['password', 'confirm'] }), {
      status: 400,
    });
  }
  // An invitation's link: the customer's first password.
  const invitation = formData.get('invitation') === '1';
  return redirectWithFlash(request, '/auth/login', {
    key: invitation ? 'auth:login.passwordSet' : 'auth:login.passwordChanged',
  });
}

/** The sign-in's second step: the code from the authenticator app, or a recovery code. */
export async function twoStepsAction({ request, context }: ActionFunctionArgs) {
  const pending = await pendingSignIn(request);
  const restart = async (reason: 'expired' | 'locked', seconds = 0) =>
    redirect(
      `/auth/login${designOf(request)}?twoSteps=${reason}` +
        (seconds > 0 ? `&minutes=${Math.max(1, Math.ceil(seconds / 60))}` : ''),
      { headers: { 'Set-Cookie': await endTwoSteps(request) } },
    );
  if (!pending) return restart('expired');
  const submission = parseWithZod(await readForm(request), { schema: twoStepsSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['code'] }), { status: 400 });
  }
  // Wrong codes are counted per client address here (refused before the back office is asked), and
  // per account across sign-ins in the back office, which locks the account as for passwords.
  const address = context?.clientAddress ?? 'unknown';
  const wait = await twoStepsThrottle.retryAfter(address);
  if (wait > 0) return tooManyAttempts(submission, wait, 'address', 'code');
  try {
    const answer = await backoffice().request('loginTwoFactor', {
      body: { challenge: pending.challenge, code: submission.value.code },
    });
    if (!answer.session) throw new Error('The back office signed in without issuing a session');
    return await finishSignIn(
      request,
      { user: toPortalUser(answer.data), backoffice: answer.session },
      pending.redirectTo,
      [await endTwoSteps(request)],
    );
  } catch (error) {
    if (isBackofficeError(error) && error.code === 'invalid_token') return restart('expired');
    if (isBackofficeError(error) && error.code === 'too_many_requests') {
      await twoStepsThrottle.fail(address);
      return restart('locked', error.retryAfter ?? 15 * 60);
    }
    const wrongCode = isBackofficeError(error, 'unauthorized');
    if (wrongCode) await twoStepsThrottle.fail(address);
    else reportError('two-step sign-in', error);
    return data(
      wrongCode
        ? submission.reply({ fieldErrors: { code: ['auth:twoSteps.wrongCode'] }, hideFields: ['code'] })
        : submission.reply({ formErrors: ['auth:login.unexpected'], hideFields: ['code'] }),
      { status: wrongCode ? 401 : 503 },
    );
  }
}
