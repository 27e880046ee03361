// Two-step verification of the signed-in user's account: set up with an authenticator app (QR code or
// key), confirm with a code, keep the recovery codes (shown once), or turn it off with the password and
// a code. Every step is a form; nothing needs JavaScript.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { CopyButton } from '~/components/copy-button';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextField } from '~/components/form-field';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { LoadFailed, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Alert, Button, Card, Chip, FormControl, FormLabel, Input, Stack, Text } from '~/components/ui';
import { twoStepDisableSchema, twoStepEnableSchema } from '~/forms/account';
import { rolesFor } from '~/services/access';
import { requireUser, type SignedIn } from '~/services/auth.server';
import { attempt, formErrorsOf, isBackofficeError, loadPart, messageKeyFor } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { pageTools } from '~/services/page.server';
import {
  disableTwoFactor,
  enableTwoFactor,
  setupTwoFactor,
  setupView,
  twoFactorStatus,
} from '~/services/two-factor.server';
import { readForm } from '~/services/form-body.server';
import { translateMessage } from '~/components/messages';

const SCREEN = '/pages/account-settings/two-step';

export const handle = { i18n: ['common', 'auth', 'account'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title, common } = await pageTools(request, 'account');
  const loaded = await loadPart(twoFactorStatus(signedIn), 'two-step status', common);
  return { title: title(t('twoStep.title')), status: loaded.value, loadError: loaded.error };
}

type Setup = { otpauthUrl: string; secret: string; qr: string };
type ActionAnswer =
  | { kind: 'setup'; setup: Setup; result?: SubmissionResult<string[]> }
  | { kind: 'enabled'; recoveryCodes: string[] }
  | { kind: 'disable'; result: SubmissionResult<string[]> }
  | { kind: 'failed'; message: string };

async function startSetup(request: Request, signedIn: SignedIn) {
  const answer = await setupTwoFactor(signedIn);
  const setup = await setupView(answer.otpauth_url);
  if (!setup) throw new Error('The back office answered an unusable otpauth link');
  return data<ActionAnswer>({ kind: 'setup', setup });
}

async function enable(request: Request, signedIn: SignedIn, formData: FormData) {
  // The set-up step's QR code and key are shown again if the code is refused.
  const setup = await setupView(String(formData.get('otpauthUrl') ?? ''));
  if (!setup) return startSetup(request, signedIn);
  const submission = parseWithZod(formData, { schema: twoStepEnableSchema });
  if (submission.status !== 'success') {
    return data<ActionAnswer>({ kind: 'setup', setup, result: submission.reply() }, { status: 400 });
  }
  const enabled = await attempt(() => enableTwoFactor(signedIn, submission.value.code), 'two-step enable', {
    keyFor: (error) =>
      isBackofficeError(error, 'rejected') && error.fields.includes('code')
        ? { field: 'code', key: 'auth:twoSteps.wrongCode' }
        : null,
  });
  if (!enabled.ok) {
    const reply = submission.reply({ ...formErrorsOf(enabled), hideFields: ['code'] });
    return data<ActionAnswer>({ kind: 'setup', setup, result: reply }, { status: 400 });
  }
  return data<ActionAnswer>({ kind: 'enabled', recoveryCodes: enabled.value.recovery_codes });
}

async function disable(request: Request, signedIn: SignedIn, formData: FormData) {
  const submission = parseWithZod(formData, { schema: twoStepDisableSchema });
  const hidden = { hideFields: ['password', 'code'] };
  if (submission.status !== 'success') {
    return data<ActionAnswer>({ kind: 'disable', result: submission.reply(hidden) }, { status: 400 });
  }
  const disabled = await attempt(
    () => disableTwoFactor(signedIn, submission.value.password, submission.value.code),
    'two-step disable',
    {
      keyFor: (error) => {
        const field = isBackofficeError(error, 'rejected')
          ? (['password', 'code'] as const).find((name) => error.fields.includes(name))
          : undefined;
        if (!field) return null;
        return {
          field,
          key: field === 'password' ? 'account:password.wrongCurrent' : 'auth:twoSteps.wrongCode',
        };
      },
    },
  );
  if (!disabled.ok) {
    const reply = submission.reply({ ...hidden, ...formErrorsOf(disabled) });
    return data<ActionAnswer>({ kind: 'disable', result: reply }, { status: 400 });
  }
  return redirectWithFlash(request, SCREEN, { key: 'account:twoStep.turnedOff' });
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const step =
    intent === 'setup' ? startSetup : intent === 'enable' ? enable : intent === 'disable' ? disable : null;
  if (!step) return data<ActionAnswer>({ kind: 'failed', message: 'errors.rejected' }, { status: 400 });
  // Already on (set-up) or nothing pending (enable): the page shows the current state again, unlogged.
  const staleStep = (error: unknown) => isBackofficeError(error) && error.code === 'conflict';
  const answered = await attempt(() => step(request, signedIn, formData), `two-step ${String(intent)}`, {
    keyFor: (error) => (staleStep(error) ? messageKeyFor(error) : null),
  });
  if (answered.ok) return answered.value;
  if (staleStep(answered.error)) return redirect(SCREEN);
  return data<ActionAnswer>({ kind: 'failed', message: answered.key }, { status: 503 });
}

export const meta = titleMeta;

function SetupStep({ setup, result }: { setup: Setup; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('account');
  const [form, fields] = useForm({
    id: 'two-step-enable',
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoStepEnableSchema }),
    shouldValidate: 'onSubmit',
  });
  return (
    <Stack gap={2}>
      <Text>{t('twoStep.scan')}</Text>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={3} alignItems={{ sm: 'center' }}>
        <img
          src={setup.qr}
          alt={t('twoStep.qrAlt')}
          width={200}
          height={200}
          style={{ backgroundColor: '#fff', padding: 8, borderRadius: 'var(--joy-radius-sm)' }}
        />
        <FormControl style={{ flex: 1 }}>
          <FormLabel htmlFor="two-step-key">{t('twoStep.key')}</FormLabel>
          <Input
            slotProps={{
              input: {
                id: 'two-step-key',
                value: setup.secret.replace(/(.{4})/g, '$1 ').trim(),
                readOnly: true,
                dir: 'ltr',
              },
            }}
            style={{ fontFamily: 'monospace' }}
          />
        </FormControl>
      </Stack>
      <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
        <input type="hidden" name="intent" value="enable" />
        <input type="hidden" name="otpauthUrl" value={setup.otpauthUrl} />
        <Stack gap={2} style={{ maxWidth: 360 }}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            field={fields.code}
            label={t('twoStep.confirmCode')}
            hint={t('twoStep.confirmHint')}
            autoComplete="one-time-code"
            required
            dir="ltr"
          />
          <SubmitButton>{t('twoStep.enable')}</SubmitButton>
        </Stack>
      </Form>
    </Stack>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account');
  return (
    <Stack gap={2}>
      <Alert color="success" role="status">
        {t('twoStep.enabled')}
      </Alert>
      <Text level="title-md" component="h3">
        {t('twoStep.recoveryTitle')}
      </Text>
      <Text>{t('twoStep.recoveryHint')}</Text>
      <ol
        aria-label={t('twoStep.recoveryTitle')}
        dir="ltr"
        style={{ fontFamily: 'monospace', columns: 2, margin: 0 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Stack direction="row" gap={1.5} flexWrap="wrap">
        <CopyButton
          text={codes.join('\n')}
          label={t('twoStep.copyCodes')}
          copiedLabel={t('twoStep.copied')}
        />
        <Button component={Link} to={SCREEN} variant="outlined">
          {t('twoStep.done')}
        </Button>
      </Stack>
    </Stack>
  );
}

function DisableForm({ result }: { result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('account');
  const [form, fields] = useForm({
    id: 'two-step-disable',
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoStepDisableSchema }),
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
      <input type="hidden" name="intent" value="disable" />
      <Stack gap={2} style={{ maxWidth: 360 }}>
        <Text>{t('twoStep.disableHint')}</Text>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.password}
          label={t('twoStep.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          field={fields.code}
          label={t('twoStep.disableCode')}
          autoComplete="one-time-code"
          required
          dir="ltr"
        />
        <SubmitButton>{t('twoStep.disable')}</SubmitButton>
      </Stack>
    </Form>
  );
}

export default function TwoStepSettings() {
  const { status, loadError } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionAnswer>();
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  return (
    <Stack gap={3} style={{ maxWidth: 760 }}>
      <PageHeading title={t('twoStep.title')} intro={t('twoStep.intro')} />
      <Button
        component={Link}
        to="/pages/account-settings"
        variant="plain"
        color="neutral"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('twoStep.back')}
      </Button>
      {answer?.kind === 'failed' && (
        <Alert color="danger" role="alert">
          {t('twoStep.failed', { reason: translateMessage(tc, answer.message) })}
        </Alert>
      )}
      {!status ? (
        <LoadFailed>{t('twoStep.loadFailed', { reason: loadError ?? '' })}</LoadFailed>
      ) : (
        <Card component="section" aria-labelledby="two-step-state">
          <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
            <Text id="two-step-state" level="title-lg" component="h2">
              {t('twoStep.state')}
            </Text>
            <Chip color={status.enabled ? 'success' : 'neutral'} variant="soft">
              {status.enabled ? t('twoStep.on') : t('twoStep.off')}
            </Chip>
          </Stack>
          {answer?.kind === 'enabled' ? (
            <RecoveryCodes codes={answer.recoveryCodes} />
          ) : status.enabled ? (
            <>
              <Text>{t('twoStep.codesLeft', { count: status.recovery_codes_left })}</Text>
              <DisableForm result={answer?.kind === 'disable' ? answer.result : undefined} />
            </>
          ) : answer?.kind === 'setup' ? (
            <SetupStep setup={answer.setup} result={answer.result} />
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="setup" />
              <Stack gap={2} alignItems="flex-start">
                <Text>{t('twoStep.offHint')}</Text>
                <SubmitButton>{t('twoStep.setup')}</SubmitButton>
              </Stack>
            </Form>
          )}
        </Card>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
