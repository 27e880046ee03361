// The page shown when a route fails: a clear message for 400, 403, 404, 503 and anything else, never a stack.
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button, Sheet, Text } from '~/components/ui';

/** `inFrame`: shown inside the portal's frame, which already has the page's <main>. */
export function GeneralErrorBoundary({ inFrame = false }: { inFrame?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // In the browser, for whoever opens its console; on the server handleError (entry.server.tsx) has
  // logged the whole error already, and this one is its sanitised copy.
  if (!isRouteErrorResponse(error) && typeof document !== 'undefined') console.error(error);

  // A 503 carries the message the server wrote in the reader's language (back office down or unreadable).
  const serverMessage = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : '';
  const [title, body] =
    status === 403
      ? [t('errorPage.forbiddenTitle'), t('errorPage.forbiddenBody')]
      : status === 404
        ? [t('errorPage.notFoundTitle'), t('errorPage.notFoundBody')]
        : status === 503
          ? [t('errorPage.unavailableTitle'), serverMessage || t('errors.unavailable')]
          : status === 400
            ? [t('errorPage.badRequestTitle'), t('errorPage.badRequestBody')]
            : [t('errorPage.errorTitle'), t('errorPage.errorBody')];

  return (
    <Sheet
      component={inFrame ? 'section' : 'main'}
      id={inFrame ? undefined : 'main-content'}
      variant="outlined"
      style={{
        maxWidth: 560,
        marginInline: 'auto',
        marginBlock: 64,
        padding: 32,
        borderRadius: 'var(--joy-radius-md)',
        textAlign: 'center',
      }}
    >
      <title>{t('pageTitle', { page: title, app: t('app.name') })}</title>
      <Text level="body-sm" textColor="text.tertiary">
        {t('errorPage.status', { status })}
      </Text>
      <Text level="h1" fontSize="xl2" style={{ marginBlock: 8 }}>
        {title}
      </Text>
      <Text style={{ marginBlockEnd: 24 }}>{body}</Text>
      <Button component={Link} to="/dashboards/modern" reloadDocument>
        {t('errorPage.goHome')}
      </Button>
    </Sheet>
  );
}
