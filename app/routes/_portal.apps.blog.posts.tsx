// The blog: every post as a card, newest first (the spec's "sort newest"), with a category filter kept
// in the URL (?category=, links: works without JavaScript). A title opens the post by its slug.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { IconEye, IconMessage, IconShare } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate } from '~/components/format';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Figures, PersonAvatar } from '~/components/social/parts';
import {
  AspectRatio,
  Button,
  Card,
  CardContent,
  Grid,
  Stack,
  StatusLabel,
  Text,
  TextLink,
} from '~/components/ui';
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
    <Card component="article" aria-labelledby={headingId} style={{ height: '100%' }}>
      <div className="demo-social-cover">
        <AspectRatio ratio="3/2">
          <img src={post.coverImg} alt="" loading="lazy" />
        </AspectRatio>
      </div>
      <Stack direction="row" gap={1} flexWrap="wrap">
        <StatusLabel variant="soft" colour="primary">
          {t(`blog.categories.${post.category}`)}
        </StatusLabel>
        {post.featured && (
          <StatusLabel variant="soft" colour="warning">
            {t('blog.featured')}
          </StatusLabel>
        )}
      </Stack>
      <CardContent style={{ gap: 8 }}>
        <Text level="title-lg" component="h2" id={headingId} dir="auto">
          <TextLink to={`/apps/blog/detail/${post.slug}`} level="inherit">
            {post.title}
          </TextLink>
        </Text>
        <Stack direction="row" gap={1} alignItems="center">
          <PersonAvatar person={post.author} />
          <div>
            <Text level="body-sm" fontWeight="md">
              {post.author.name}
            </Text>
            <Text level="body-xs" textColor="text.tertiary" style={{ display: 'block' }}>
              <time dateTime={post.createdAt}>{formatDate(post.createdAt, i18n.language)}</time>
            </Text>
          </div>
        </Stack>
      </CardContent>
      <Text level="body-sm" textColor="text.secondary" component="div" style={{ marginBlockStart: 'auto' }}>
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
      </Text>
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
        <Text>{t('blog.empty')}</Text>
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
