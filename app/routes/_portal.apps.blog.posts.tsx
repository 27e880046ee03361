// The blog: every post as a card, newest first (the spec's "sort newest"), with a category filter kept
// in the URL (?category=, links: works without JavaScript). A title opens the post by its slug.
import AspectRatio from '@mui/joy/AspectRatio';
import Card from '@mui/joy/Card';
import CardContent from '@mui/joy/CardContent';
import CardOverflow from '@mui/joy/CardOverflow';
import Chip from '@mui/joy/Chip';
import Grid from '@mui/joy/Grid';
import JoyLink from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { IconEye, IconMessage, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/button';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate } from '~/components/format';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Figures, PersonAvatar } from '~/components/social/parts';
import { queryOf } from '~/forms/pages';
import { blogListParams } from '~/forms/social';
import { BLOG_CATEGORIES, type BlogCategory } from '~/fixtures/types';
import { demoScreen } from '~/services/demo/screen.server';
import { slugOf } from '~/services/demo/store.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'social'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, '/apps/blog/posts');
  const { t, title } = await pageTools(request, 'social');
  const { category } = blogListParams.parse(queryOf(request));
  const posts = state.blogPosts
    .filter((post) => !category || post.category === category)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((post) => ({
      slug: slugOf(post.title),
      title: post.title,
      coverImg: post.coverImg,
      category: post.category,
      featured: post.featured,
      createdAt: post.createdAt,
      view: post.view,
      share: post.share,
      comments: post.comments.length,
      author: post.author,
    }));
  return { title: title(t('blog.title')), category: category ?? null, posts };
}

export const meta = titleMeta;

function CategoryLinks({ current }: { current: BlogCategory | null }) {
  const { t } = useTranslation('social');
  const links: { value: BlogCategory | null; label: string }[] = [
    { value: null, label: t('blog.all') },
    ...BLOG_CATEGORIES.map((value) => ({ value, label: t(`blog.categories.${value}`) })),
  ];
  return (
    <Stack component="nav" aria-label={t('blog.categoriesLabel')} direction="row" gap={1} flexWrap="wrap">
      {links.map((link) => {
        const active = link.value === current;
        return (
          <Button
            key={link.value ?? 'all'}
            component={Link}
            to={link.value ? `?${new URLSearchParams({ category: link.value })}` : '?'}
            size="sm"
            variant={active ? 'solid' : 'soft'}
            color={active ? 'primary' : 'neutral'}
            aria-current={active ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Stack>
  );
}

type PostCard = ReturnType<typeof useLoaderData<typeof loader>>['posts'][number];

function BlogCard({ post }: { post: PostCard }) {
  const { t, i18n } = useTranslation('social');
  const headingId = `post-${post.slug}`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardOverflow>
        <AspectRatio ratio="3/2">
          <img src={post.coverImg} alt="" loading="lazy" />
        </AspectRatio>
      </CardOverflow>
      <Stack direction="row" gap={1} flexWrap="wrap">
        <Chip size="sm" variant="soft" color="primary">
          {t(`blog.categories.${post.category}`)}
        </Chip>
        {post.featured && (
          <Chip size="sm" variant="soft" color="warning">
            {t('blog.featured')}
          </Chip>
        )}
      </Stack>
      <CardContent sx={{ gap: 1 }}>
        <Typography level="title-lg" component="h2" id={headingId} dir="auto">
          <JoyLink component={Link} to={`/apps/blog/detail/${post.slug}`} overlay={false}>
            {post.title}
          </JoyLink>
        </Typography>
        <Stack direction="row" gap={1} alignItems="center">
          <PersonAvatar person={post.author} />
          <div>
            <Typography level="body-sm" fontWeight="md">
              {post.author.name}
            </Typography>
            <Typography level="body-xs" textColor="text.tertiary">
              <time dateTime={post.createdAt}>{formatDate(post.createdAt, i18n.language)}</time>
            </Typography>
          </div>
        </Stack>
      </CardContent>
      <Typography level="body-sm" textColor="text.secondary" component="div" sx={{ mt: 'auto' }}>
        <Figures
          items={[
            { icon: <IconEye aria-hidden size={16} />, text: t('blog.views', { count: post.view }) },
            { icon: <IconShare aria-hidden size={16} />, text: t('blog.shares', { count: post.share }) },
            {
              icon: <IconMessage aria-hidden size={16} />,
              text: t('blog.comments', { count: post.comments }),
            },
          ]}
        />
      </Typography>
    </Card>
  );
}

export default function BlogPosts() {
  const { posts, category } = useLoaderData<typeof loader>();
  const { t } = useTranslation('social');
  return (
    <Stack gap={3}>
      <PageHeading title={t('blog.title')} intro={t('blog.intro')} />
      <CategoryLinks current={category} />
      {posts.length === 0 ? (
        <Typography>{t('blog.empty')}</Typography>
      ) : (
        <Grid container spacing={2}>
          {posts.map((post) => (
            <Grid key={post.slug} xs={12} sm={6} lg={4}>
              <BlogCard post={post} />
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
