// One blog post, found by the slug of its title (spec: "post found by slug of title"; anything else is
// the portal's 404), with its comments and their replies, and a form that adds a comment: it goes first
// (post-redirect-get, works without JavaScript).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import AspectRatio from '@mui/joy/AspectRatio';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Divider from '@mui/joy/Divider';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { IconArrowLeft, IconEye, IconMessage, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/button';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatDateTime } from '~/components/format';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { titleMeta } from '~/components/page-title';
import { CommentField, Figures, PersonAvatar } from '~/components/social/parts';
import { PageLinks } from '~/components/demo-page-links';
import { queryOf } from '~/forms/pages';
import { blogCommentSchema, blogDetailParams } from '~/forms/social';
import type { BlogReply } from '~/fixtures/types';
import {
  authorOf,
  backTo,
  demoScreen,
  limitMessage,
  demoChange,
  demoUser,
} from '~/services/demo/screen.server';
import { addBlogComment, findBlogPost, type DemoState } from '~/services/demo/store.server';
import { DEMO_PAGE, latestPage } from '~/services/demo/limits';
import { pageTools } from '~/services/page.server';
import { readForm } from '~/services/form-body.server';

export const handle = { i18n: ['common', 'social'] };

const SCREEN = '/apps/blog/detail/:id';

/** The post whose title's slug is `:id`, or 404. */
function postOr404(state: DemoState, slug: string | undefined) {
  const post = slug && slug.length <= 500 ? findBlogPost(state, slug) : null;
  if (!post) throw new Response('Not found', { status: 404 });
  return post;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, SCREEN);
  const post = postOr404(state, params.id);
  const { title } = await pageTools(request, 'social');
  // One page of the comments (the newest first), so the page stays small however many were added.
  const { page } = blogDetailParams.parse(queryOf(request));
  const comments = latestPage(post.comments, page, DEMO_PAGE.comments, true);
  return {
    title: title(post.title),
    post: { ...post, comments: comments.items },
    commentPaging: comments.paging,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await demoUser(request, SCREEN);
  const { user } = signedIn;
  const submission = parseWithZod(await readForm(request), { schema: blogCommentSchema });
  return demoChange(signedIn, async (state) => {
    const post = postOr404(state, params.id);
    if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
    try {
      addBlogComment(state, post.id, submission.value.comment, authorOf(user));
    } catch (error) {
      const message = limitMessage(error);
      if (!message) throw error;
      return data(submission.reply({ formErrors: [message] }), { status: 400 });
    }
    // The new comment is the newest: back to the first page.
    return backTo(request, { page: null }, 'comments');
  });
}

export const meta = titleMeta;

function Remark({ remark, level }: { remark: BlogReply; level: 'comment' | 'reply' }) {
  const { i18n } = useTranslation('social');
  return (
    <Stack direction="row" gap={1.5} alignItems="flex-start">
      <PersonAvatar person={remark.profile} size={level === 'comment' ? 'md' : 'sm'} />
      <div style={{ minWidth: 0 }}>
        <Stack direction="row" gap={1} alignItems="baseline" flexWrap="wrap">
          <Typography level="title-sm" component="p">
            {remark.profile.name}
          </Typography>
          <Typography level="body-xs" textColor="text.tertiary">
            <time dateTime={remark.time}>{formatDateTime(remark.time, i18n.language)}</time>
          </Typography>
        </Stack>
        <Typography dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {remark.comment}
        </Typography>
      </div>
    </Stack>
  );
}

function CommentForm({ firstCommentId }: { firstCommentId: string | undefined }) {
  const { t } = useTranslation('social');
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: 'blog-comment',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogCommentSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  return (
    // A new first comment means this one was saved: the box starts empty again.
    <Form key={firstCommentId} method="post" preventScrollReset {...getFormProps(form)}>
      <Stack gap={1.5}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <CommentField field={fields.comment} label={t('blog.comment')} minRows={3} />
        <div>
          <SubmitButton>{t('blog.addComment')}</SubmitButton>
        </div>
      </Stack>
    </Form>
  );
}

export default function BlogDetail() {
  const { post, commentPaging } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('social');
  return (
    <Stack gap={3} sx={{ maxWidth: 900 }}>
      <div>
        <Button
          component={Link}
          to="/apps/blog/posts"
          variant="plain"
          size="sm"
          startDecorator={
            // The arrow points back: to the right in a right-to-left page.
            <Box
              component="span"
              sx={{ display: 'inline-flex', '[dir="rtl"] &': { transform: 'scaleX(-1)' } }}
            >
              <IconArrowLeft aria-hidden size={18} />
            </Box>
          }
        >
          {t('blog.back')}
        </Button>
      </div>
      <Card component="article" aria-labelledby="post-title">
        <AspectRatio ratio="3/2" sx={{ borderRadius: 'sm' }}>
          <img src={post.coverImg} alt="" />
        </AspectRatio>
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
        <Typography level="h1" id="post-title" dir="auto" sx={{ fontSize: 'xl3' }}>
          {post.title}
        </Typography>
        <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
          <PersonAvatar person={post.author} size="md" />
          <div>
            <Typography fontWeight="md">{post.author.name}</Typography>
            <Typography level="body-sm" textColor="text.tertiary">
              <time dateTime={post.createdAt}>{formatDate(post.createdAt, i18n.language)}</time>
            </Typography>
          </div>
        </Stack>
        <Typography level="body-sm" textColor="text.secondary" component="div">
          <Figures
            items={[
              { icon: <IconEye aria-hidden size={16} />, text: t('blog.views', { count: post.view }) },
              { icon: <IconShare aria-hidden size={16} />, text: t('blog.shares', { count: post.share }) },
              {
                icon: <IconMessage aria-hidden size={16} />,
                text: t('blog.comments', { count: commentPaging.total }),
              },
            ]}
          />
        </Typography>
        <Divider />
        <Stack gap={1.5}>
          {post.content.split(/\n\s*\n/).map((paragraph, index) => (
            <Typography key={index} level="body-lg" dir="auto">
              {paragraph}
            </Typography>
          ))}
        </Stack>
      </Card>
      <Card
        component="section"
        id="comments"
        aria-labelledby="comments-title"
        sx={{ scrollMarginTop: 'calc(var(--topbar-height) + 16px)' }}
      >
        <Typography level="h2" id="comments-title" sx={{ fontSize: 'xl' }}>
          {t('blog.commentsTitle')}
        </Typography>
        <CommentForm firstCommentId={post.comments[0]?.id} />
        {post.comments.length === 0 ? (
          <Typography textColor="text.secondary">{t('blog.noComments')}</Typography>
        ) : (
          <Stack
            component="ol"
            aria-label={t('blog.commentsTitle')}
            gap={2.5}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {post.comments.map((comment) => (
              <li key={comment.id}>
                <Remark remark={comment} level="comment" />
                {comment.replies.length > 0 && (
                  <Stack
                    component="ul"
                    aria-label={t('blog.repliesTo', { name: comment.profile.name })}
                    gap={1.5}
                    sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, ps: 6 }}
                  >
                    {comment.replies.map((reply) => (
                      <li key={reply.id}>
                        <Remark remark={reply} level="reply" />
                      </li>
                    ))}
                  </Stack>
                )}
              </li>
            ))}
          </Stack>
        )}
        <PageLinks paging={commentPaging} pageParam="page" anchor="comments" kind="comments" />
      </Card>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
