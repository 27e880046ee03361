// Staff prepare a quote for a quotation request (the request page's button posts here; the page itself
// asks the same): the draft is made (or, when one exists, found) and opened. When the request takes no
// quote, this page says why.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Button, Stack } from '~/components/ui';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { attempt, isBackofficeError } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { formKeyFrom, newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { prepareQuote } from '~/services/quotes.server';
import { requestOr404 } from '~/services/requests.server';

const SCREEN = '/apps/quotes/new/:requestId';

export const handle = { i18n: ['common', 'quotes'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const requestId = recordIdOr404(params.requestId);
  await requestOr404(request, signedIn, requestId);
  const { t, title } = await pageTools(request, 'quotes');
  return { title: title(t('prepare.title', { id: requestId })), requestId, ...newFormKey() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const requestId = recordIdOr404(params.requestId);
  const formData = await readForm(request);
  // The page's button says what it wants: a post without it (a stray or forged form) makes nothing.
  if (formData.get('intent') !== 'prepare') return data({ error: 'common:errors.rejected' }, { status: 400 });
  const shippingRequest = await requestOr404(request, signedIn, requestId);
  const prepared = await attempt(
    () => prepareQuote(signedIn, shippingRequest, formKeyFrom(formData)),
    'prepare quote',
    {
      keyFor: (error) =>
        isBackofficeError(error) && error.code === 'conflict' ? 'quotes:prepare.refused' : null,
    },
  );
  if (!prepared.ok) return data({ error: prepared.key }, { status: 409 });
  return redirectWithFlash(request, `/apps/quotes/${prepared.value.id}`, {
    key: prepared.value.version > 1 ? 'quotes:revise.started' : 'quotes:prepare.started',
  });
}

export const meta = titleMeta;

export default function PrepareQuote() {
  const { requestId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation('quotes');
  return (
    <Stack gap={3}>
      <PageHeading title={t('prepare.title', { id: requestId })} intro={t('prepare.intro')} />
      <Form method="post">
        <Stack gap={2}>
          <FormErrors id="prepare-errors" errors={answer ? [answer.error] : undefined} />
          <IdempotencyKeyField lastResult={null} />
          <input type="hidden" name="intent" value="prepare" />
          <Stack direction="row" gap={1.5} flexWrap="wrap">
            <SubmitButton>{t('prepare.submit')}</SubmitButton>
            <Button
              component={RemixLink}
              to={`/apps/requests/${requestId}`}
              variant="plain"
              color="neutral"
              size="lg"
            >
              {t('prepare.back')}
            </Button>
          </Stack>
        </Stack>
      </Form>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
