// Page links for a list whose state lives in the URL: each link keeps the search and filters.
import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button, Stack, Text } from '~/components/ui';

export function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '?';
}

export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pages <= 1) return null;
  return (
    <Stack
      component="nav"
      aria-label={t('pagination.label')}
      direction="row"
      alignItems="center"
      gap={1}
      justifyContent="flex-end"
    >
      <Button
        component={Link}
        to={pageHref(location.search, page - 1)}
        variant="outlined"
        color="neutral"
        size="sm"
        disabled={page <= 1}
        aria-disabled={page <= 1 || undefined}
        tabIndex={page <= 1 ? -1 : undefined}
        rel="prev"
      >
        {t('pagination.previous')}
      </Button>
      <Text level="body-sm" aria-current="page">
        {t('pagination.of', { page, pages })}
      </Text>
      <Button
        component={Link}
        to={pageHref(location.search, page + 1)}
        variant="outlined"
        color="neutral"
        size="sm"
        disabled={page >= pages}
        aria-disabled={page >= pages || undefined}
        tabIndex={page >= pages ? -1 : undefined}
        rel="next"
      >
        {t('pagination.next')}
      </Button>
    </Stack>
  );
}
