// Account settings: the customer's contact details, profile picture and referral code; everyone's
// profile, password and two-step verification. Staff see their contact details (kept by administrators).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import Alert from '@mui/joy/Alert';
import Avatar from '@mui/joy/Avatar';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Grid from '@mui/joy/Grid';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/button';
import { CopyButton } from '~/components/copy-button';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextField } from '~/components/form-field';
import { PROFILE_IMAGE_RULES, useFileCheck } from '~/components/file-check';
import { FormErrors, Notice, SubmitButton } from '~/components/form-parts';
import { translateMessage } from '~/components/messages';
import { titleMeta } from '~/components/page-title';
import { passwordChangeSchema } from '~/forms/auth';
import { contactSchema } from '~/forms/customers';
import { isStaff, rolesFor } from '~/services/access';
import { getOwnContact, imageProblemMessage, imageType, partnerOf } from '~/services/account.server';
import { requireUser, withBackofficeSession, type SignedIn } from '~/services/auth.server';
import { sessionCheck } from '~/services/session-check.server';
import { commitUser } from '~/services/session.server';
import { profileSchema } from '~/forms/account';
import { ProfileForm } from '~/components/account/profile-form';
import { backoffice, isBackofficeError } from '~/services/backoffice/client.server';
import { CONTACT_IMAGE_LIMIT, PASSWORD_MIN_LENGTH } from '@contract/values';
import { messageKeyFor, reportError } from '~/services/errors.server';
import { pageTools } from '~/services/page.server';
import { twoFactorStatus } from '~/services/two-factor.server';
import { dropBody, guardUpload, withUploadForm, type UploadForm } from '~/services/uploads.server';
import { PageHeading } from '~/components/page-parts';
import { readForm } from '~/services/form-body.server';

const SCREEN = '/pages/account-settings';

export const handle = { i18n: ['common', 'account', 'requests'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title, common } = await pageTools(request, 'account');
  const url = new URL(request.url);
  const base = {
    title: title(t('title')),
    email: signedIn.user.email,
    name: signedIn.user.name,
    staff: isStaff(signedIn.user.roles),
    saved: url.searchParams.get('saved'),
  };
  const twoStep = await withBackofficeSession(request, () => twoFactorStatus(signedIn)).catch(
    (error: unknown) => {
      if (error instanceof Response) throw error;
      reportError('two-step status', error);
      return null;
    },
  );
  const profile = await withBackofficeSession(request, () =>
    backoffice().call('getProfile', { session: signedIn.session }),
  ).catch((error: unknown) => {
    if (error instanceof Response) throw error;
    reportError('profile', error);
    return null;
  });
  try {
    const contact = await withBackofficeSession(request, () => getOwnContact(signedIn));
    return { ...base, profile, twoStep, contact, loadError: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError('account settings', error);
    return { ...base, profile, twoStep, contact: null, loadError: common(messageKeyFor(error)) };
  }
}

type ActionAnswer = {
  form: 'contact' | 'image' | 'password' | 'profile';
  result: SubmissionResult<string[]>;
};

async function changePassword(
  request: Request,
  formData: FormData,
  signedIn: Awaited<ReturnType<typeof requireUser>>,
) {
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  const hidden = { hideFields: ['currentPassword', 'newPassword', 'confirm'] };
  if (submission.status !== 'success') {
    return data<ActionAnswer>({ form: 'password', result: submission.reply(hidden) }, { status: 400 });
  }
  try {
    await withBackofficeSession(request, () =>
      backoffice().call('changePassword', {
        session: signedIn.session,
        body: {
          current_password: submission.value.currentPassword,
          new_password: submission.value.newPassword,
        },
      }),
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    const wrongCurrent = isBackofficeError(error, 'rejected') && error.fields.includes('current_password');
    // The back office judges how easy the new password is to guess.
    const weak = isBackofficeError(error, 'rejected') && error.fields.includes('new_password');
    if (!wrongCurrent && !weak) reportError('password change', error);
    const reply = wrongCurrent
      ? submission.reply({ ...hidden, fieldErrors: { currentPassword: ['account:password.wrongCurrent'] } })
      : weak
        ? submission.reply({ ...hidden, fieldErrors: { newPassword: ['validation.passwordWeak'] } })
        : submission.reply({ ...hidden, formErrors: [messageKeyFor(error)] });
    return data<ActionAnswer>({ form: 'password', result: reply }, { status: 400 });
  }
  // The back office has ended the user's other sessions: asked about again here on their next request.
  sessionCheck().forgetUser(signedIn.user.id, signedIn.session);
  return redirect(`${SCREEN}?saved=password`);
}

/** The user's own name and phone; the portal's session then carries the new name. */
async function saveProfile(request: Request, formData: FormData, signedIn: SignedIn) {
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== 'success') {
    return data<ActionAnswer>({ form: 'profile', result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  let saved;
  try {
    saved = await withBackofficeSession(request, () =>
      backoffice().call('updateProfile', {
        session: signedIn.session,
        body: { first_name: v.firstName, last_name: v.lastName ?? '', phone: v.phone ?? null },
      }),
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError('profile', error);
    return data<ActionAnswer>(
      { form: 'profile', result: submission.reply({ formErrors: [messageKeyFor(error)] }) },
      { status: 400 },
    );
  }
  const name = `${saved.first_name} ${saved.last_name}`.trim();
  return commitUser(
    request,
    { ...signedIn.user, firstName: saved.first_name, lastName: saved.last_name, name },
    `${SCREEN}?saved=profile`,
  );
}

function saveImage(request: Request, signedIn: Awaited<ReturnType<typeof requireUser>>) {
  const options = { fileField: 'image', maxFiles: 1, maxFileBytes: CONTACT_IMAGE_LIMIT, typeOf: imageType };
  return withUploadForm(request, options, (upload) => sendImage(request, signedIn, upload));
}

async function sendImage(
  request: Request,
  signedIn: Awaited<ReturnType<typeof requireUser>>,
  upload: UploadForm,
) {
  const reply = (errors: string[]) =>
    data<ActionAnswer>(
      { form: 'image', result: { status: 'error', error: { image: errors } } },
      { status: 400 },
    );
  if (upload.problems.length) return reply(upload.problems.map(imageProblemMessage));
  const file = upload.files[0];
  if (!file) return reply(['account:image.required']);
  try {
    await withBackofficeSession(request, () =>
      backoffice().call('updateContactImage', {
        session: signedIn.session,
        query: { partner_id: partnerOf(signedIn) },
        body: { image: file.data },
      }),
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackofficeError(error, 'rejected')) return reply(['account:image.wrongType']);
    reportError('profile image', error);
    return reply([messageKeyFor(error)]);
  }
  return redirect(`${SCREEN}?saved=image`);
}

export async function action({ request }: ActionFunctionArgs) {
  // A refusal before a picture is read drops its body, so the browser is not left stuck.
  const signedIn = await guardUpload(request, () => requireUser(request, { anyOf: rolesFor(SCREEN) }));
  const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
  const formData = multipart ? null : await readForm(request);
  if (formData?.get('intent') === 'password') return changePassword(request, formData, signedIn);
  if (formData?.get('intent') === 'profile') return saveProfile(request, formData, signedIn);
  // Contact details and picture are the customer's; staff details are kept by administrators.
  if (isStaff(signedIn.user.roles)) {
    dropBody(request);
    throw new Response('Forbidden', { status: 403 });
  }
  if (!formData) return saveImage(request, signedIn);

  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== 'success') {
    return data<ActionAnswer>({ form: 'contact', result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  try {
    await withBackofficeSession(request, () =>
      backoffice().call('updateContactDetails', {
        session: signedIn.session,
        query: { partner_id: partnerOf(signedIn) },
        body: {
          name: v.name,
          phone: v.phone,
          street: v.street,
          city: v.city,
          country: v.country,
          company_name: v.companyName,
        },
      }),
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError('contact details', error);
    return data<ActionAnswer>(
      { form: 'contact', result: submission.reply({ formErrors: [messageKeyFor(error)] }) },
      { status: 400 },
    );
  }
  return redirect(`${SCREEN}?saved=contact`);
}

export const meta = titleMeta;

function ContactForm({
  contact,
  email,
  answer,
}: {
  contact: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['contact']>;
  email: string;
  answer?: ActionAnswer;
}) {
  const { t } = useTranslation('account');
  const [form, fields] = useForm({
    id: 'contact',
    lastResult: answer?.form === 'contact' ? answer.result : undefined,
    defaultValue: {
      name: contact.name,
      phone: contact.phone ?? '',
      street: contact.street ?? '',
      city: contact.city ?? '',
      country: contact.country ?? '',
      companyName: contact.company_name ?? '',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
      <Stack gap={2}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Grid container spacing={2}>
          <Grid xs={12} md={6}>
            <TextField field={fields.name} label={t('contact.name')} autoComplete="name" required />
          </Grid>
          <Grid xs={12} md={6}>
            <FormControl>
              <FormLabel htmlFor="account-email">{t('contact.email')}</FormLabel>
              <Input
                slotProps={{
                  input: {
                    id: 'account-email',
                    value: email,
                    readOnly: true,
                    dir: 'ltr',
                    'aria-describedby': 'account-email-hint',
                  },
                }}
              />
              <FormHelperText id="account-email-hint">{t('contact.emailHint')}</FormHelperText>
            </FormControl>
          </Grid>
          <Grid xs={12} md={6}>
            <TextField
              field={fields.phone}
              label={t('contact.phone')}
              type="tel"
              autoComplete="tel"
              dir="ltr"
            />
          </Grid>
          <Grid xs={12} md={6}>
            <TextField
              field={fields.companyName}
              label={t('contact.companyName')}
              autoComplete="organization"
            />
          </Grid>
          <Grid xs={12}>
            <TextField field={fields.street} label={t('contact.street')} autoComplete="street-address" />
          </Grid>
          <Grid xs={12} md={6}>
            <TextField field={fields.city} label={t('contact.city')} autoComplete="address-level2" />
          </Grid>
          <Grid xs={12} md={6}>
            <TextField field={fields.country} label={t('contact.country')} autoComplete="country-name" />
          </Grid>
        </Grid>
        <SubmitButton>{t('contact.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}

function ImageForm({ hasImage, answer }: { hasImage: boolean; answer?: ActionAnswer }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  // With JavaScript, a picture the server would refuse is told (and cleared) before it is sent.
  const check = useFileCheck(PROFILE_IMAGE_RULES);
  const sent = answer?.form === 'image' ? (answer.result.error?.image ?? []) : [];
  const errors = check.problems.length ? check.problems : sent;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} gap={3} alignItems={{ sm: 'center' }}>
      {hasImage ? (
        <Avatar src="/pages/account-image" alt={t('image.current')} sx={{ width: 96, height: 96 }} />
      ) : (
        <Typography level="body-sm" sx={{ minWidth: 96 }}>
          {t('image.none')}
        </Typography>
      )}
      <Form method="post" encType="multipart/form-data" style={{ flex: 1 }}>
        <Stack gap={1.5}>
          <FormControl error={errors.length > 0}>
            <FormLabel htmlFor="profile-image">{t('image.choose')}</FormLabel>
            <input
              id="profile-image"
              name="image"
              type="file"
              accept="image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"
              onChange={check.onChange}
              className="native-file"
              aria-invalid={errors.length > 0 || undefined}
              aria-describedby={
                errors.length ? 'profile-image-error profile-image-hint' : 'profile-image-hint'
              }
            />
            {errors.length > 0 && (
              <FormHelperText id="profile-image-error" role="alert">
                {errors.map((message) => translateMessage(tc, message)).join(' ')}
              </FormHelperText>
            )}
            <FormHelperText id="profile-image-hint">
              {t('image.hint', { mb: CONTACT_IMAGE_LIMIT / (1024 * 1024) })}
            </FormHelperText>
          </FormControl>
          <SubmitButton>{t('image.upload')}</SubmitButton>
        </Stack>
      </Form>
    </Stack>
  );
}

function PasswordForm({ answer }: { answer?: ActionAnswer }) {
  const { t } = useTranslation('account');
  const [form, fields] = useForm({
    id: 'password',
    lastResult: answer?.form === 'password' ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
      <input type="hidden" name="intent" value="password" />
      <Stack gap={2} sx={{ maxWidth: 480 }}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.currentPassword}
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          field={fields.newPassword}
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          hint={t('password.newHint', { min: PASSWORD_MIN_LENGTH })}
          required
        />
        <TextField
          field={fields.confirm}
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          required
        />
        <SubmitButton>{t('password.submit')}</SubmitButton>
      </Stack>
    </Form>
  );
}

export default function AccountSettings() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<ActionAnswer>();
  const { t } = useTranslation('account');
  const contact = page.contact;
  const passwordCard = (
    <Card component="section" aria-labelledby="password-title">
      <Typography id="password-title" level="title-lg" component="h2">
        {t('password.title')}
      </Typography>
      <PasswordForm answer={answer} />
    </Card>
  );
  return (
    <Stack gap={3} sx={{ maxWidth: 900 }}>
      <PageHeading title={t('title')} intro={t('intro')} />
      {page.saved === 'contact' && <Notice>{t('contact.saved')}</Notice>}
      {page.saved === 'image' && <Notice>{t('image.saved')}</Notice>}
      {page.saved === 'password' && <Notice>{t('password.saved')}</Notice>}
      {page.saved === 'profile' && <Notice>{t('profile.saved')}</Notice>}
      <Card component="section" aria-labelledby="profile-title">
        <Typography id="profile-title" level="title-lg" component="h2">
          {t('profile.title')}
        </Typography>
        {page.profile ? (
          <ProfileForm
            profile={page.profile}
            lastResult={answer?.form === 'profile' ? answer.result : undefined}
          />
        ) : (
          <Alert color="warning" role="alert">
            {t('profile.loadFailed')}
          </Alert>
        )}
      </Card>
      {!contact ? (
        <Alert color="danger" role="alert">
          {t('contact.loadFailed', { reason: page.loadError ?? '' })}
        </Alert>
      ) : (
        <>
          <Card component="section" aria-labelledby="contact-title">
            <Typography id="contact-title" level="title-lg" component="h2">
              {t('contact.title')}
            </Typography>
            {page.staff ? (
              <>
                <Typography>{page.name}</Typography>
                <Typography level="body-sm">{contact.name}</Typography>
                <Typography dir="ltr">{page.email}</Typography>
                <Typography level="body-sm" textColor="text.secondary">
                  {t('contact.staffNote')}
                </Typography>
              </>
            ) : (
              <ContactForm contact={contact} email={page.email} answer={answer} />
            )}
          </Card>
          {!page.staff && (
            <>
              <Card component="section" aria-labelledby="image-title">
                <Typography id="image-title" level="title-lg" component="h2">
                  {t('image.title')}
                </Typography>
                <ImageForm hasImage={contact.has_image ?? false} answer={answer} />
              </Card>
              <Card component="section" aria-labelledby="referral-title">
                <Typography id="referral-title" level="title-lg" component="h2">
                  {t('referral.title')}
                </Typography>
                <Typography level="body-sm">{t('referral.hint')}</Typography>
                <Stack direction="row" gap={1.5} alignItems="flex-end" flexWrap="wrap">
                  <FormControl>
                    <FormLabel htmlFor="referral-code">{t('referral.label')}</FormLabel>
                    <Input
                      slotProps={{
                        input: {
                          id: 'referral-code',
                          value: contact.referral_code ?? '',
                          readOnly: true,
                          dir: 'ltr',
                        },
                      }}
                      sx={{ fontFamily: 'monospace', minWidth: 200 }}
                    />
                  </FormControl>
                  {contact.referral_code && (
                    <CopyButton
                      text={contact.referral_code}
                      label={t('referral.copy')}
                      copiedLabel={t('referral.copied')}
                    />
                  )}
                </Stack>
              </Card>
            </>
          )}
        </>
      )}
      {passwordCard}
      <Card component="section" aria-labelledby="two-step-title">
        <Typography id="two-step-title" level="title-lg" component="h2">
          {t('twoStep.title')}
        </Typography>
        <Typography>
          {page.twoStep === null
            ? t('twoStep.unknown')
            : page.twoStep.enabled
              ? t('twoStep.summaryOn')
              : t('twoStep.summaryOff')}
        </Typography>
        <Button
          component={Link}
          to="/pages/account-settings/two-step"
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('twoStep.manage')}
        </Button>
      </Card>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
