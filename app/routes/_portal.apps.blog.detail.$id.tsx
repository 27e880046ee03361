// One blog post, found by the slug of its title (spec: "post found by slug of title"; anything else is
// the portal's 404), with its comments and their replies, and a form that adds a comment: it goes first
// (post-redirect-get, works without JavaScript).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { IconArrowLeft, IconEye, IconMessage, IconShare } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatDateTime } from '~/components/format';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { titleMeta } from '~/components/page-title';
import { CommentField, Figures, PersonAvatar } from '~/components/social/parts';
import { AspectRatio, Button, Card, Divider, Stack, StatusLabel, Text } from '~/components/ui';
import { PageLinks } from '~/components/demo-page-links';
import { queryOf } from '~/forms/pages';
import { blogCommentSchema, blogDetailParams } from '~/forms/social';
import type { BlogReply } from '~/fixtures/types';
import {
  authorOf,
  backTo,
  demoScreen,
  demoChange,
  demoUser,
  withinLimits,
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
    const added = withinLimits(() =>
      addBlogComment(state, post.id, submission.value.comment, authorOf(user)),
    );
    if (!added.ok) return data(submission.reply({ formErrors: [added.key] }), { status: 400 });
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
          <Text level="title-sm" component="p">
            {remark.profile.name}
          </Text>
          <Text level="body-xs" textColor="text.tertiary">
            <time dateTime={remark.time}>{formatDateTime(remark.time, i18n.language)}</time>
          </Text>
        </Stack>
        <Text dir="auto" className="demo-social-remark">
          {remark.comment}
        </Text>
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
    <Stack gap={3} style={{ maxWidth: 900 }}>
      <div>
        <Button
          component={Link}
          to="/apps/blog/posts"
          variant="plain"
          size="sm"
          startDecorator={
            // The arrow points back: to the right in a right-to-left page.
            <span className="demo-social-back-arrow">
              <IconArrowLeft aria-hidden size={18} />
            </span>
          }
        >
          {t('blog.back')}
        </Button>
      </div>
      <Card component="article" aria-labelledby="post-title">
        <AspectRatio ratio="3/2" style={{ borderRadius: 'var(--joy-radius-sm)' }}>
          <img src={post.coverImg} alt="" />
        </AspectRatio>
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
        <Text level="h1" id="post-title" dir="auto" fontSize="xl3">
          {post.title}
        </Text>
        <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
          <PersonAvatar person={post.author} size="md" />
          <div>
            <Text fontWeight="md">{post.author.name}</Text>
            <Text level="body-sm" textColor="text.tertiary">
              <time dateTime={post.createdAt}>{formatDate(post.createdAt, i18n.language)}</time>
            </Text>
          </div>
        </Stack>
        <Text level="body-sm" textColor="text.secondary" component="div">
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
        </Text>
        <Divider />
        <Stack gap={1.5}>
          {post.content.split(/\n\s*\n/).map((paragraph, index) => (
            <Text key={index} level="body-lg" dir="auto">
              {paragraph}
            </Text>
          ))}
        </Stack>
      </Card>
      <Card component="section" id="comments" aria-labelledby="comments-title" className="demo-social-anchor">
        <Text level="h2" id="comments-title" fontSize="xl">
          {t('blog.commentsTitle')}
        </Text>
        <CommentForm firstCommentId={post.comments[0]?.id} />
        {post.comments.length === 0 ? (
          <Text textColor="text.secondary">{t('blog.noComments')}</Text>
        ) : (
          <Stack
            component="ol"
            aria-label={t('blog.commentsTitle')}
            gap={2.5}
            className="demo-social-bare-list"
          >
            {post.comments.map((comment) => (
              <li key={comment.id}>
                <Remark remark={comment} level="comment" />
                {comment.replies.length > 0 && (
                  <Stack
                    component="ul"
                    aria-label={t('blog.repliesTo', { name: comment.profile.name })}
                    gap={1.5}
                    className="demo-social-bare-list demo-social-replies"
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
