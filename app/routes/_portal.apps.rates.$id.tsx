// One rate (administrators): change it, or delete it. A change that makes its period overlap another of
// the lane is refused on its dates.
import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { RateForm } from '~/components/quotes/rate-form';
import { Button, Card, Stack, Text } from '~/components/ui';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { saveRateAction } from '~/services/rate-actions.server';
import { deleteRate, rateOr404 } from '~/services/rates.server';

const SCREEN = '/apps/rates/:id';

export const handle = { i18n: ['common', 'catalog', 'quotes'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const { t, title } = await pageTools(request, 'quotes');
  const rate = await rateOr404(request, signedIn, id);
  return { title: title(t('rates.editTitle')), rate };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const formData = await readForm(request);
  if (formData.get('intent') === 'delete') {
    await deleteRate(signedIn, id);
    return redirectWithFlash(request, '/apps/rates', { key: 'quotes:rates.deleted' });
  }
  return saveRateAction(request, signedIn, formData, id);
}

export const meta = titleMeta;

export default function RatePage() {
  const { rate } = useLoaderData<typeof loader>();
  const answer = useActionData<{ result: SubmissionResult<string[]> }>();
  const { t } = useTranslation('quotes');
  return (
    <Stack gap={3}>
      <PageHeading
        title={t('rates.editTitle')}
        action={
          <Button component={RemixLink} to="/apps/rates" variant="plain" color="neutral">
            {t('rates.back')}
          </Button>
        }
      />
      <Card component="section" aria-labelledby="rate-edit">
        <Text level="title-lg" component="h2" id="rate-edit">
          {t('rates.edit')}
        </Text>
        <RateForm
          id={`rate-${rate.id}`}
          rate={rate}
          lastResult={answer?.result}
          submitLabel={t('rates.save')}
          labelledBy="rate-edit"
        />
      </Card>
      <Form method="post" aria-label={t('rates.delete')}>
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" color="danger" variant="soft">
          {t('rates.delete')}
        </Button>
      </Form>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
