// The signed-in user's profile: a header with their name and figures, and three tabs kept in the URL
// (?tab=posts|followers|gallery, links): the feed posts (likes, comments, replies), the people to follow
// (searchable, ?q=) and the gallery (searchable). Every change is a form posted here with an `intent`,
// answered by a redirect back to the same address (works without JavaScript).
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { IconCheck, IconMapPin, IconUserPlus } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatNumber } from '~/components/format';
import { titleMeta } from '~/components/page-title';
import { PageHeading } from '~/components/page-parts';
import { FeedPostCard, type FeedPostView, type ProfileFormReply } from '~/components/social/feed';
import { PersonAvatar } from '~/components/social/parts';
import {
  AspectRatio,
  Avatar,
  Box,
  Button,
  Card,
  FormControl,
  FormLabel,
  Grid,
  Input,
  Stack,
  StatusLabel,
  Text,
} from '~/components/ui';
import { queryOf } from '~/forms/pages';
import {
  PROFILE_TABS,
  profileActionSchema,
  profileParams,
  type ProfileParams,
  type ProfileTab,
} from '~/forms/social';
import type { FeedPost, FollowUser } from '~/fixtures/types';
import { DEMO_PAGE, latestPage, type ListPage } from '~/services/demo/limits';
import {
  authorOf,
  backTo,
  demoScreen,
  demoChange,
  demoUser,
  withinLimits,
} from '~/services/demo/screen.server';
import {
  addFeedComment,
  addFeedReply,
  toggleCommentLike,
  toggleFollow,
  togglePostLike,
} from '~/services/demo/store.server';
import { pageTools } from '~/services/page.server';
import { initials } from '~/services/user';
import { readForm } from '~/services/form-body.server';

export const handle = { i18n: ['common', 'social'] };

const SCREEN = '/user-profile';

const matches = (name: string, q: string | undefined) =>
  !q || name.toLocaleLowerCase().includes(q.toLocaleLowerCase());

/**
 * A feed post with one page of its comments (the latest, or the page the URL asks for this post) and
 * of each comment's replies, so the page stays small however much was added.
 */
function feedPostPage(post: FeedPost, params: ProfileParams): FeedPostView {
  const comments = latestPage(
    post.data.comments,
    params.post === post.id ? params.page : 1,
    DEMO_PAGE.comments,
  );
  const replyPaging: Record<string, ListPage> = {};
  const shown = comments.items.map((comment) => {
    const replies = latestPage(
      comment.data.replies,
      params.comment === comment.id ? params.replies : 1,
      DEMO_PAGE.replies,
    );
    replyPaging[comment.id] = replies.paging;
    return { ...comment, data: { ...comment.data, replies: replies.items } };
  });
  return { ...post, data: { ...post.data, comments: shown }, commentPaging: comments.paging, replyPaging };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, state } = await demoScreen(request, SCREEN);
  const { t, title } = await pageTools(request, 'social');
  const params = profileParams.parse(queryOf(request));
  const { tab, q } = params;
  return {
    title: title(t('profile.title')),
    me: { name: user.name, role: user.role, image: user.profile_image },
    counts: {
      posts: state.feed.length,
      followers: state.followers.length,
      following: state.followers.filter((person) => person.isFollowed).length,
    },
    tab,
    q: tab === 'posts' ? null : (q ?? null),
    // Only what the open tab shows, and of long lists one page.
    posts: tab === 'posts' ? state.feed.map((post) => feedPostPage(post, params)) : [],
    followers: tab === 'followers' ? state.followers.filter((person) => matches(person.name, q)) : [],
    gallery: tab === 'gallery' ? state.gallery.filter((item) => matches(item.name, q)) : [],
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await demoUser(request, SCREEN);
  const { user } = signedIn;
  const submission = parseWithZod(await readForm(request), { schema: profileActionSchema });
  return demoChange(signedIn, async (state) => {
    if (submission.status !== 'success') {
      const sent = submission.payload;
      const form =
        sent.intent === 'comment'
          ? `comment-${String(sent.postId)}`
          : sent.intent === 'reply'
            ? `reply-${String(sent.commentId)}`
            : '';
      return data<ProfileFormReply>({ form, result: submission.reply() }, { status: 400 });
    }
    const change = submission.value;
    // Where the page lands after the change: the thing that changed.
    const changed = withinLimits((): string => {
      switch (change.intent) {
        case 'likePost':
          togglePostLike(state, change.postId);
          return `${change.postId}-likes`;
        case 'comment':
          addFeedComment(state, change.postId, change.comment, authorOf(user));
          return `${change.postId}-comment`;
        case 'reply':
          addFeedReply(state, change.postId, change.commentId, change.reply, authorOf(user));
          return `comment-${change.commentId}`;
        case 'likeComment':
          toggleCommentLike(state, change.postId, change.commentId);
          return `comment-${change.commentId}`;
        case 'follow':
          toggleFollow(state, change.userId);
          return `user-${change.userId}`;
      }
    });
    if (!changed.ok) {
      const form =
        change.intent === 'reply'
          ? `reply-${change.commentId}`
          : change.intent === 'comment'
            ? `comment-${change.postId}`
            : '';
      return data<ProfileFormReply>(
        { form, result: submission.reply({ formErrors: [changed.key] }) },
        { status: 400 },
      );
    }
    const anchor = changed.value;
    // A new comment or reply is the latest: back to the first page of the lists it joined.
    const adds = change.intent === 'comment' || change.intent === 'reply';
    return backTo(request, adds ? { post: null, page: null, comment: null, replies: null } : {}, anchor);
  });
}

export const meta = titleMeta;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The profile's picture, large and ringed in the card's colour where it overlaps the banner. */
const PROFILE_AVATAR = {
  '--Avatar-size': '96px',
  fontSize: 'var(--joy-fontSize-xl2)',
  border: '4px solid var(--joy-palette-background-surface)',
} as CSSProperties;

function ProfileHeader({ me, counts }: Pick<LoaderData, 'me' | 'counts'>) {
  const { t, i18n } = useTranslation('social');
  const { t: tc } = useTranslation();
  const figures = [
    { key: 'posts', label: t('profile.figures.posts'), value: counts.posts },
    { key: 'followers', label: t('profile.figures.followers'), value: counts.followers },
    { key: 'following', label: t('profile.figures.following'), value: counts.following },
  ];
  return (
    <Card style={{ padding: 0, overflow: 'hidden' }}>
      <div aria-hidden className="account-profile-banner" />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        gap={2}
        alignItems={{ xs: 'flex-start', md: 'flex-end' }}
        style={{ paddingInline: 24, paddingBlockEnd: 24, marginBlockStart: -48 }}
      >
        <Avatar src={me.image ?? undefined} alt="" style={PROFILE_AVATAR}>
          {initials(me.name)}
        </Avatar>
        <Box style={{ flex: 1 }}>
          <Text level="title-lg" component="p" fontSize="xl">
            {me.name}
          </Text>
          <Text level="body-sm" textColor="text.secondary">
            {tc(`user.roles.${me.role}`, { defaultValue: me.role })}
          </Text>
        </Box>
        <Stack component="dl" direction="row" gap={3} style={{ margin: 0 }}>
          {figures.map((figure) => (
            // The figure shows above its label; the label comes first for screen readers.
            <div key={figure.key} className="account-profile-figure">
              <Text component="dt" level="body-sm" textColor="text.secondary">
                {figure.label}
              </Text>
              <Text component="dd" level="title-lg">
                {formatNumber(figure.value, i18n.language)}
              </Text>
            </div>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function ProfileTabs({ current }: { current: ProfileTab }) {
  const { t } = useTranslation('social');
  return (
    <Stack component="nav" aria-label={t('profile.tabsLabel')} direction="row" gap={1} flexWrap="wrap">
      {PROFILE_TABS.map((tab) => {
        const active = tab === current;
        return (
          <Button
            key={tab}
            component={Link}
            to={`?${new URLSearchParams({ tab })}`}
            size="sm"
            variant={active ? 'solid' : 'soft'}
            color={active ? 'primary' : 'neutral'}
            aria-current={active ? 'page' : undefined}
          >
            {t(`profile.tabs.${tab}`)}
          </Button>
        );
      })}
    </Stack>
  );
}

/** A GET search within a tab; the tab stays in the URL. */
function TabSearch({ tab, q, label }: { tab: ProfileTab; q: string | null; label: string }) {
  const { t: tc } = useTranslation();
  const id = `${tab}-search`;
  return (
    <Form method="get" role="search" aria-label={tc('list.search')}>
      <input type="hidden" name="tab" value={tab} />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1.5} alignItems={{ sm: 'flex-end' }}>
        <FormControl size="sm" style={{ flex: 1, maxWidth: 420 }}>
          <FormLabel htmlFor={id}>{label}</FormLabel>
          <Input
            size="sm"
            slotProps={{ input: { id, name: 'q', type: 'search', defaultValue: q ?? '', maxLength: 100 } }}
          />
        </FormControl>
        <Button type="submit" size="sm">
          {tc('list.apply')}
        </Button>
        <Button
          component={Link}
          to={`?${new URLSearchParams({ tab })}`}
          size="sm"
          variant="plain"
          color="neutral"
        >
          {tc('list.clear')}
        </Button>
      </Stack>
    </Form>
  );
}

function FollowButton({ person }: { person: FollowUser }) {
  const { t } = useTranslation('social');
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'follow' &&
    navigation.formData.get('userId') === person.id;
  const followed = pending ? !person.isFollowed : person.isFollowed;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="userId" value={person.id} />
      <Button
        type="submit"
        name="intent"
        value="follow"
        size="sm"
        variant={followed ? 'outlined' : 'solid'}
        color={followed ? 'neutral' : 'primary'}
        startDecorator={
          followed ? <IconCheck aria-hidden size={16} /> : <IconUserPlus aria-hidden size={16} />
        }
        aria-label={t(followed ? 'profile.unfollowName' : 'profile.followName', { name: person.name })}
      >
        {followed ? t('profile.unfollow') : t('profile.follow')}
      </Button>
    </Form>
  );
}

function Followers({ people, q }: { people: FollowUser[]; q: string | null }) {
  const { t } = useTranslation('social');
  return (
    <Stack gap={2}>
      <TabSearch tab="followers" q={q} label={t('profile.searchFollowers')} />
      {people.length === 0 ? (
        <Text role="status">{t('profile.noFollowers')}</Text>
      ) : (
        <Grid container spacing={2} component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {people.map((person) => (
            <Grid key={person.id} xs={12} sm={6} lg={4} component="li">
              <Card
                id={`user-${person.id}`}
                orientation="horizontal"
                style={{
                  alignItems: 'center',
                  gap: 12,
                  scrollMarginTop: 'calc(var(--topbar-height) + 16px)',
                }}
              >
                <PersonAvatar person={person} size="lg" />
                <Box className="account-person" style={{ flex: 1, minWidth: 0 }}>
                  <Text level="title-md" component="h3">
                    {person.name}
                  </Text>
                  <Text level="body-sm" textColor="text.secondary">
                    {person.role}
                  </Text>
                  <Text
                    level="body-xs"
                    textColor="text.tertiary"
                    startDecorator={<IconMapPin aria-hidden size={14} />}
                  >
                    {person.country}
                  </Text>
                  {person.isFollowed && <StatusLabel colour="success">{t('profile.following')}</StatusLabel>}
                </Box>
                <FollowButton person={person} />
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

function Gallery({ items, q }: { items: LoaderData['gallery']; q: string | null }) {
  const { t, i18n } = useTranslation('social');
  return (
    <Stack gap={2}>
      <TabSearch tab="gallery" q={q} label={t('profile.searchGallery')} />
      {items.length === 0 ? (
        <Text role="status">{t('profile.noPhotos')}</Text>
      ) : (
        <Grid container spacing={2} component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {items.map((item) => (
            <Grid key={item.id} xs={12} sm={6} lg={4} component="li">
              <Card component="figure" style={{ margin: 0 }}>
                <AspectRatio ratio="3/2" style={{ borderRadius: 'var(--joy-radius-sm)' }}>
                  <img src={item.cover} alt={item.name} loading="lazy" />
                </AspectRatio>
                <Text component="figcaption">
                  <Text level="title-sm" component="span" style={{ display: 'block' }}>
                    {item.name}
                  </Text>
                  <Text level="body-xs" textColor="text.tertiary" component="span">
                    <time dateTime={item.time}>{formatDate(item.time, i18n.language)}</time>
                  </Text>
                </Text>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

export default function UserProfile() {
  const { me, counts, tab, q, posts, followers, gallery } = useLoaderData<typeof loader>();
  const { t } = useTranslation('social');
  return (
    <Stack gap={3}>
      <PageHeading title={t('profile.title')} />
      <ProfileHeader me={me} counts={counts} />
      <ProfileTabs current={tab} />
      <Stack component="section" aria-labelledby="tab-title" gap={2}>
        <Text level="h2" id="tab-title" fontSize="xl">
          {t(`profile.tabs.${tab}`)}
        </Text>
        {tab === 'posts' && (
          <Stack gap={2} style={{ maxWidth: 820 }}>
            {posts.map((post) => (
              <FeedPostCard key={post.id} post={post} />
            ))}
          </Stack>
        )}
        {tab === 'followers' && <Followers people={followers} q={q} />}
        {tab === 'gallery' && <Gallery items={gallery} q={q} />}
      </Stack>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
