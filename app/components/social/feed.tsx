// The user profile's posts tab: each feed post with its images, a like toggle, its comments and their
// replies, and the forms that add a comment or a reply. Every form posts to /user-profile with an
// `intent` (its submit button) and hidden ids, so it works without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { IconHeart, IconHeartFilled, IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { formatDateTime } from '~/components/format';
import { PageLinks } from '~/components/demo-page-links';
import { FormErrors } from '~/components/form-parts';
import { AspectRatio, Button, Card, Divider, Grid, Stack, Text } from '~/components/ui';
import { feedCommentSchema, feedReplySchema } from '~/forms/social';
import type { FeedComment, FeedPost, FeedReply, Likes } from '~/fixtures/types';
import type { ListPage } from '~/services/demo/limits';
import { CommentField, PersonAvatar } from './parts';

/** What the profile's action answers for a refused comment or reply: which form, and its reply. */
export interface ProfileFormReply {
  form: string;
  result: SubmissionResult<string[]>;
}

/** A feed post as the profile shows it: one page of its comments, and of each comment's replies. */
export type FeedPostView = FeedPost & {
  commentPaging: ListPage;
  /** By comment id. */
  replyPaging: Record<string, ListPage>;
};

/** True while this form's change is on its way (JavaScript on), for pending and optimistic states. */
function usePending(intent: string, ids: Record<string, string>): boolean {
  const navigation = useNavigation();
  const sent = navigation.formData;
  if (navigation.state !== 'submitting' || !sent || sent.get('intent') !== intent) return false;
  return Object.entries(ids).every(([name, value]) => sent.get(name) === value);
}

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A like toggle: pressed when liked; the count follows at once while the change is sent. */
function LikeButton({
  intent,
  ids,
  likes,
  label,
  size = 'sm',
}: {
  intent: 'likePost' | 'likeComment';
  ids: Record<string, string>;
  likes: Likes;
  /** The accessible name when the visible "Like" is not enough to tell which one. */
  label?: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('social');
  const pending = usePending(intent, ids);
  const liked = pending ? !likes.like : likes.like;
  const count = pending ? Math.max(0, likes.value + (likes.like ? -1 : 1)) : likes.value;
  return (
    <Form method="post" preventScrollReset style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Hidden fields={ids} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        size={size}
        variant={liked ? 'soft' : 'plain'}
        color={liked ? 'danger' : 'neutral'}
        aria-pressed={liked}
        aria-label={label}
        startDecorator={
          liked ? <IconHeartFilled aria-hidden size={18} /> : <IconHeart aria-hidden size={18} />
        }
      >
        {t('profile.like')}
      </Button>
      <Text level="body-sm" textColor="text.secondary" role="status">
        {t('profile.likes', { count })}
      </Text>
    </Form>
  );
}

function Byline({ profile, children }: { profile: FeedComment['profile']; children?: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <Stack direction="row" gap={1} alignItems="baseline" flexWrap="wrap">
      {children ?? (
        <Text level="title-sm" component="p">
          {profile.name}
        </Text>
      )}
      <Text level="body-xs" textColor="text.tertiary">
        <time dateTime={profile.time}>{formatDateTime(profile.time, i18n.language)}</time>
      </Text>
    </Stack>
  );
}

/** The comment or reply box of one post or comment; shows the action's refusal when it was this one. */
function RemarkForm({
  formId,
  intent,
  ids,
  label,
  submitLabel,
  resetKey,
  fold,
}: {
  formId: string;
  intent: 'comment' | 'reply';
  ids: Record<string, string>;
  label: string;
  submitLabel: string;
  /** Changes when a remark is added here: the box starts empty again. */
  resetKey: string | undefined;
  /** Folds the form under this summary (a native disclosure: opens without JavaScript). */
  fold?: string;
}) {
  const answer = useActionData<ProfileFormReply>();
  const pending = usePending(intent, ids);
  const schema = intent === 'comment' ? feedCommentSchema : feedReplySchema;
  const [form, fields] = useForm({
    id: formId,
    lastResult: answer?.form === formId ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const field = intent === 'comment' ? fields.comment : fields.reply;
  if (!field) return null;
  const body = (
    <Form key={resetKey} method="post" preventScrollReset {...getFormProps(form)}>
      <Hidden fields={ids} />
      <Stack gap={1}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <CommentField field={field} label={label} minRows={1} />
        <div>
          <Button
            type="submit"
            name="intent"
            value={intent}
            size="sm"
            loading={pending}
            loadingPosition="start"
          >
            {submitLabel}
          </Button>
        </div>
      </Stack>
    </Form>
  );
  if (!fold) return body;
  const refused = Boolean(form.errors?.length || field.errors?.length);
  return (
    // Closed again once the remark is added (a new key); open while the action refuses it.
    <details key={resetKey} open={refused || undefined} className="demo-social-fold">
      <summary>{fold}</summary>
      {body}
    </details>
  );
}

function Reply({ reply }: { reply: FeedReply }) {
  return (
    <Stack direction="row" gap={1.5} alignItems="flex-start">
      <PersonAvatar person={reply.profile} />
      <div style={{ minWidth: 0 }}>
        <Byline profile={reply.profile} />
        <Text dir="auto" className="demo-social-remark">
          {reply.data.comment}
        </Text>
      </div>
    </Stack>
  );
}

function Comment({ post, comment }: { post: FeedPostView; comment: FeedComment }) {
  const { t } = useTranslation('social');
  const name = comment.profile.name;
  const ids = { postId: post.id, commentId: comment.id };
  const replyPaging = post.replyPaging[comment.id];
  return (
    <Stack
      component="li"
      id={`comment-${comment.id}`}
      direction="row"
      gap={1.5}
      alignItems="flex-start"
      className="demo-social-anchor"
    >
      <PersonAvatar person={comment.profile} size="md" />
      <Stack gap={1} style={{ minWidth: 0, flex: 1 }}>
        <div>
          <Byline profile={comment.profile} />
          <Text dir="auto" className="demo-social-remark">
            {comment.data.comment}
          </Text>
        </div>
        <LikeButton
          intent="likeComment"
          ids={ids}
          likes={comment.data.likes}
          label={t('profile.likeComment', { name })}
        />
        {replyPaging && (
          <PageLinks
            paging={replyPaging}
            idParam="comment"
            id={comment.id}
            pageParam="replies"
            anchor={`comment-${comment.id}`}
            kind="replies"
          />
        )}
        {comment.data.replies.length > 0 && (
          <Stack
            component="ul"
            aria-label={t('profile.repliesTo', { name })}
            gap={1.5}
            className="demo-social-bare-list"
          >
            {comment.data.replies.map((reply) => (
              <li key={reply.id}>
                <Reply reply={reply} />
              </li>
            ))}
          </Stack>
        )}
        <RemarkForm
          formId={`reply-${comment.id}`}
          intent="reply"
          ids={ids}
          label={t('profile.replyTo', { name })}
          submitLabel={t('profile.sendReply')}
          resetKey={comment.data.replies.at(-1)?.id}
          fold={t('profile.reply')}
        />
      </Stack>
    </Stack>
  );
}

export function FeedPostCard({ post }: { post: FeedPostView }) {
  const { t } = useTranslation('social');
  const headingId = `post-${post.id}-author`;
  const images = post.data.images;
  return (
    <Card component="article" id={post.id} aria-labelledby={headingId} className="demo-social-anchor">
      <Stack direction="row" gap={1.5} alignItems="center">
        <PersonAvatar person={post.profile} size="md" />
        <Byline profile={post.profile}>
          <Text level="title-md" component="h3" id={headingId}>
            {post.profile.name}
          </Text>
        </Byline>
      </Stack>
      <Text dir="auto" className="demo-social-remark">
        {post.data.content}
      </Text>
      {images.length > 0 && (
        <Grid container spacing={1}>
          {images.map((image, index) => (
            <Grid key={image.img} xs={12} sm={image.featured || images.length === 1 ? 12 : 6}>
              <AspectRatio ratio="3/2" style={{ borderRadius: 'var(--joy-radius-sm)' }}>
                <img
                  src={image.img}
                  alt={t('profile.photoBy', { name: post.profile.name, number: index + 1 })}
                  loading="lazy"
                />
              </AspectRatio>
            </Grid>
          ))}
        </Grid>
      )}
      <Stack
        direction="row"
        gap={2}
        alignItems="center"
        flexWrap="wrap"
        id={`${post.id}-likes`}
        className="demo-social-anchor"
      >
        <LikeButton intent="likePost" ids={{ postId: post.id }} likes={post.data.likes} />
        <Text
          level="body-sm"
          textColor="text.secondary"
          startDecorator={<IconMessage aria-hidden size={16} />}
        >
          {t('profile.comments', { count: post.commentPaging.total })}
        </Text>
      </Stack>
      <Divider />
      <section
        id={`${post.id}-comments`}
        aria-label={t('profile.commentsOn', { name: post.profile.name })}
        className="demo-social-anchor"
      >
        <Stack gap={2}>
          <PageLinks
            paging={post.commentPaging}
            idParam="post"
            id={post.id}
            pageParam="page"
            anchor={`${post.id}-comments`}
            kind="comments"
          />
          {post.data.comments.length > 0 && (
            <Stack component="ul" gap={2} className="demo-social-bare-list">
              {post.data.comments.map((comment) => (
                <Comment key={comment.id} post={post} comment={comment} />
              ))}
            </Stack>
          )}
          <div id={`${post.id}-comment`} className="demo-social-anchor">
            <RemarkForm
              formId={`comment-${post.id}`}
              intent="comment"
              ids={{ postId: post.id }}
              label={t('profile.comment')}
              submitLabel={t('profile.sendComment')}
              resetKey={post.data.comments.at(-1)?.id}
            />
          </div>
        </Stack>
      </section>
    </Card>
  );
}
