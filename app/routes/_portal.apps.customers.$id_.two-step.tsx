// Administrators: turn off the two-step verification of a customer who lost both their phone and their
// recovery codes, saying how they made sure it is the customer asking (kept in the customer's history;
// the customer is mailed). Back to the customer with a notice, or the form again with what was typed.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextareaField } from '~/components/form-field';
import { FormActions, FormErrors, Notice } from '~/components/form-parts';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Card, Stack, Text, TextLink } from '~/components/ui';
import { twoStepResetSchema } from '~/forms/customers';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { getCustomerOr404, resetCustomerTwoStep } from '~/services/customers.server';
import { attempt, formErrorsOf, isBackofficeError } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';

const SCREEN = '/apps/customers/:id/two-step';

export const handle = { i18n: ['common', 'customers'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const customer = await getCustomerOr404(signedIn, recordIdOr404(params.id));
  const { t, title } = await pageTools(request, 'customers');
  return {
    title: title(t('twoStep.title', { name: customer.name })),
    customer: { id: customer.id, name: customer.name, twoFactor: customer.two_factor === true },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: twoStepResetSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const done = await attempt(
    () => resetCustomerTwoStep(signedIn, id, submission.value.reason),
    'two-step reset',
    {
      keyFor: (error) =>
        isBackofficeError(error) && error.code === 'conflict' ? 'customers:twoStep.alreadyOff' : null,
    },
  );
  if (!done.ok) return data(submission.reply(formErrorsOf(done)), { status: 400 });
  return redirectWithFlash(request, `/apps/customers/${id}`, {
    key: 'customers:twoStep.done',
    values: { name: done.value.name },
  });
}

export const meta = titleMeta;

export default function TurnOffTwoStep() {
  const { t } = useTranslation('customers');
  const { customer } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `two-step-${customer.id}`,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoStepResetSchema }),
  });
  const back = `/apps/customers/${customer.id}`;
  return (
    <Stack gap={3} style={{ maxWidth: 720 }}>
      <PageHeading title={t('twoStep.title', { name: customer.name })} />
      {customer.twoFactor || lastResult ? (
        <Card>
          <Text>{t('twoStep.intro')}</Text>
          <Text level="body-sm">{t('twoStep.mailed')}</Text>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Form method="post" {...getFormProps(form)}>
            <Stack gap={2}>
              <TextareaField
                field={fields.reason}
                label={t('twoStep.reason')}
                hint={t('twoStep.reasonHint')}
                minRows={3}
                maxLength={500}
              />
              <FormActions
                submitLabel={t('twoStep.submit')}
                color="danger"
                cancelTo={back}
                cancelLabel={t('twoStep.cancel')}
              />
            </Stack>
          </Form>
        </Card>
      ) : (
        <Notice color="neutral">
          {t('twoStep.alreadyOff')}{' '}
          <TextLink to={back}>{t('twoStep.back', { name: customer.name })}</TextLink>
        </Notice>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
