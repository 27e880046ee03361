// The earlier and later pages of a demo screen's long list (comments, replies, chat messages).
import { Link, useSearchParams } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button, Stack, Text } from '~/components/ui';
import type { ListPage } from '~/services/demo/limits';

/**
 * Links to the earlier and later pages of a long list (page 1: the latest), kept in the URL with the
 * id of the post or comment they page (`idParam`), so they work without JavaScript.
 */
export function PageLinks({
  paging,
  idParam,
  id,
  pageParam,
  anchor,
  kind,
}: {
  paging: ListPage;
  idParam?: string;
  id?: string;
  pageParam: string;
  anchor: string;
  kind: 'comments' | 'replies' | 'messages';
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (paging.pages <= 1) return null;
  const href = (page: number) => {
    const next = new URLSearchParams(search);
    if (idParam && id) next.set(idParam, id);
    next.set(pageParam, String(page));
    return `?${next}#${anchor}`;
  };
  return (
    <Stack
      component="nav"
      aria-label={t(`demoPaging.${kind}`, { page: paging.page, pages: paging.pages })}
      direction="row"
      gap={1}
      alignItems="center"
      flexWrap="wrap"
    >
      {paging.page < paging.pages && (
        <Button component={Link} to={href(paging.page + 1)} size="sm" variant="plain" preventScrollReset>
          {t(`demoPaging.earlier.${kind}`)}
        </Button>
      )}
      {paging.page > 1 && (
        <Button component={Link} to={href(paging.page - 1)} size="sm" variant="plain" preventScrollReset>
          {t(`demoPaging.later.${kind}`)}
        </Button>
      )}
      <Text level="body-xs" textColor="text.tertiary">
        {t(`demoPaging.${kind}`, { page: paging.page, pages: paging.pages })}
      </Text>
    </Stack>
  );
}
