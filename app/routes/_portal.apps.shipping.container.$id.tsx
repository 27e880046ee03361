// Admin: one container — its facts, the orders inside (taken out while it is loading), the orders that
// can be loaded, and its events, each added to every order inside.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HistoryCard } from '~/components/history';
import { RecordHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import {
  CONTAINER_STATUS_COLOURS,
  ContainerEvents,
  ContainerFacts,
  ContainerOrders,
  LoadOrdersForm,
  takesOrders,
} from '~/components/shipping/container-parts';
import { Button, Grid, Stack, StatusLabel } from '~/components/ui';
import { containerPageAction, containerPageLoader } from '~/services/container-pages.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export const loader = (args: LoaderFunctionArgs) => containerPageLoader(args);
export const action = (args: ActionFunctionArgs) => containerPageAction(args);
export const meta = titleMeta;

export default function ContainerPage() {
  const { container, history } = useLoaderData<typeof loader>();
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  return (
    <Stack gap={3}>
      <RecordHeading
        kicker={t('containers.container')}
        title={container.name}
        chips={
          <StatusLabel variant="soft" colour={CONTAINER_STATUS_COLOURS[container.status]}>
            {tcat(`containerStatuses.${container.status}`)}
          </StatusLabel>
        }
        actions={
          <Button
            component={Link}
            to={`/apps/shipping/container/${container.id}/edit`}
            variant="outlined"
            startDecorator={<IconPencil aria-hidden size={18} />}
          >
            {t('containers.edit')}
          </Button>
        }
      />
      <Grid container spacing={2}>
        <Grid xs={12} md={5}>
          <Stack gap={2}>
            <ContainerFacts container={container} />
            <ContainerOrders container={container} />
          </Stack>
        </Grid>
        <Grid xs={12} md={7}>
          <Stack gap={2}>
            {takesOrders(container) && <LoadOrdersForm container={container} />}
            <ContainerEvents container={container} />
            <HistoryCard recordType="container" events={history} />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
