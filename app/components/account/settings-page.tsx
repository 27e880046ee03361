// The account settings page, shared by its route and the routes of its forms (each form posts to its
// own action; when one refuses, its route shows this page again with the form as it was sent).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, Link, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { displayPhone } from '@contract/phones';
import { CONTACT_IMAGE_LIMIT, PASSWORD_MIN_LENGTH } from '@contract/values';
import { ProfileForm } from '~/components/account/profile-form';
import { CopyButton } from '~/components/copy-button';
import { TextField } from '~/components/form-field';
import { PROFILE_IMAGE_RULES, useFileCheck } from '~/components/file-check';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { translateMessage } from '~/components/messages';
import { PageHeading } from '~/components/page-parts';
import {
  Alert,
  Avatar,
  Button,
  Card,
  FormControl,
  FormHelperText,
  FormLabel,
  Grid,
  Input,
  Stack,
  Text,
} from '~/components/ui';
import { passwordChangeSchema } from '~/forms/auth';
import { contactSchema } from '~/forms/customers';
import type { loader } from '~/routes/_portal.pages.account-settings';

const SCREEN = '/pages/account-settings';
/** The page's route, whose loader reads what every form shows. */
const SETTINGS_ROUTE = 'routes/_portal.pages.account-settings';

type SettingsData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>;

/** What a form's action answers when it does not succeed: which form, and its submission. */
export type SettingsAnswer = {
  form: 'contact' | 'image' | 'password' | 'profile';
  result: SubmissionResult<string[]>;
};

function ContactForm({
  contact,
  email,
  answer,
}: {
  contact: NonNullable<SettingsData['contact']>;
  email: string;
  answer?: SettingsAnswer;
}) {
  const { t } = useTranslation('account');
  const [form, fields] = useForm({
    id: 'contact',
    lastResult: answer?.form === 'contact' ? answer.result : undefined,
    defaultValue: {
      name: contact.name,
      phone: contact.phone ? displayPhone(contact.phone) : '',
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
    <Form method="post" action={`${SCREEN}/contact`} {...getFormProps(form)} aria-describedby={form.errorId}>
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

/** Removing the picture: a second form posting its intent to the picture's action (no file, no script). */
function RemoveImageForm() {
  const { t } = useTranslation('account');
  const navigation = useNavigation();
  const removing =
    navigation.state === 'submitting' &&
    navigation.formAction === `${SCREEN}/image` &&
    navigation.formData?.get('intent') === 'remove';
  return (
    <Form method="post" action={`${SCREEN}/image`}>
      <Button
        type="submit"
        name="intent"
        value="remove"
        variant="outlined"
        color="danger"
        loading={removing}
        loadingPosition="start"
        aria-disabled={removing || undefined}
      >
        {t('image.remove')}
      </Button>
    </Form>
  );
}

/** Everyone's own picture (staff too): the top bar's avatar shows it on every page. */
function ImageForm({ picture, answer }: { picture: string | null; answer?: SettingsAnswer }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  // With JavaScript, a picture the server would refuse is told (and cleared) before it is sent.
  const check = useFileCheck(PROFILE_IMAGE_RULES);
  const sent = answer?.form === 'image' ? (answer.result.error?.image ?? []) : [];
  const errors = check.problems.length ? check.problems : sent;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} gap={3} alignItems={{ sm: 'flex-start' }}>
      {picture ? (
        <Stack gap={1.5} alignItems="flex-start">
          <Avatar src={picture} alt={t('image.current')} style={{ width: 96, height: 96 }} />
          <RemoveImageForm />
        </Stack>
      ) : (
        <Text level="body-sm" style={{ minWidth: 96 }}>
          {t('image.none')}
        </Text>
      )}
      <Form method="post" action={`${SCREEN}/image`} encType="multipart/form-data" style={{ flex: 1 }}>
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

function PasswordForm({ answer }: { answer?: SettingsAnswer }) {
  const { t } = useTranslation('account');
  const [form, fields] = useForm({
    id: 'password',
    lastResult: answer?.form === 'password' ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" action={`${SCREEN}/password`} {...getFormProps(form)} aria-describedby={form.errorId}>
      <Stack gap={2} style={{ maxWidth: 480 }}>
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

/** A setting kept on a page of its own: what it is now, and the way there. */
function LinkCard({
  id,
  title,
  summary,
  to,
  action,
}: {
  id: string;
  title: string;
  summary: string;
  to: string;
  action: string;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <Text id={id} level="title-lg" component="h2">
        {title}
      </Text>
      <Text>{summary}</Text>
      <Button component={Link} to={to} variant="outlined" style={{ alignSelf: 'flex-start' }}>
        {action}
      </Button>
    </Card>
  );
}

/**
 * The account settings page; `answer` is what one of its forms' actions said when it did not succeed
 * (the form comes back with what was typed and why).
 */
export function AccountSettingsPage({ answer }: { answer?: SettingsAnswer }) {
  const page = useRouteLoaderData<typeof loader>(SETTINGS_ROUTE)!;
  const { t } = useTranslation('account');
  const contact = page.contact;
  const passwordCard = (
    <Card component="section" aria-labelledby="password-title">
      <Text id="password-title" level="title-lg" component="h2">
        {t('password.title')}
      </Text>
      <PasswordForm answer={answer} />
    </Card>
  );
  return (
    <Stack gap={3} style={{ maxWidth: 900 }}>
      <PageHeading title={t('title')} intro={t('intro')} />
      <Card component="section" aria-labelledby="profile-title">
        <Text id="profile-title" level="title-lg" component="h2">
          {t('profile.title')}
        </Text>
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
      <Card component="section" aria-labelledby="image-title">
        <Text id="image-title" level="title-lg" component="h2">
          {t('image.title')}
        </Text>
        <ImageForm picture={page.picture} answer={answer} />
      </Card>
      {!contact ? (
        <Alert color="danger" role="alert">
          {t('contact.loadFailed', { reason: page.loadError ?? '' })}
        </Alert>
      ) : (
        <>
          <Card component="section" aria-labelledby="contact-title">
            <Text id="contact-title" level="title-lg" component="h2">
              {t('contact.title')}
            </Text>
            {page.staff ? (
              <>
                <Text>{page.name}</Text>
                <Text level="body-sm">{contact.name}</Text>
                <Text dir="ltr">{page.email}</Text>
                <Text level="body-sm" textColor="text.secondary">
                  {t('contact.staffNote')}
                </Text>
              </>
            ) : (
              <ContactForm contact={contact} email={page.email} answer={answer} />
            )}
          </Card>
          {!page.staff && (
            <Card component="section" aria-labelledby="referral-title">
              <Text id="referral-title" level="title-lg" component="h2">
                {t('referral.title')}
              </Text>
              <Text level="body-sm">{t('referral.hint')}</Text>
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
                    style={{ fontFamily: 'monospace', minWidth: 200 }}
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
          )}
        </>
      )}
      {passwordCard}
      <LinkCard
        id="notification-settings-card"
        title={t('notificationSettings.cardTitle')}
        summary={t('notificationSettings.cardSummary')}
        to="/pages/account-settings/notifications"
        action={t('notificationSettings.manage')}
      />
      <LinkCard
        id="two-step-title"
        title={t('twoStep.title')}
        summary={
          page.twoStep === null
            ? t('twoStep.unknown')
            : page.twoStep.enabled
              ? t('twoStep.summaryOn')
              : t('twoStep.summaryOff')
        }
        to="/pages/account-settings/two-step"
        action={t('twoStep.manage')}
      />
    </Stack>
  );
}
