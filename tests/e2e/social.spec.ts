// The blog and the user profile (JavaScript on and off): read a post from the list and comment on it,
// like and unlike a feed post, reply to a comment, follow someone and browse the gallery. Each test
// registers its own user, since demo data is per user and shared by the run.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { open, registerDirectly, uniqueEmail } from './support';

async function newUser(page: Page, testInfo: TestInfo, tag: string) {
  await registerDirectly(page, 'Noor Saleh', uniqueEmail(testInfo, tag), 'social-demo-2026');
}

test('reads a post from the blog list and adds a comment that comes first', async ({ page }, testInfo) => {
  await newUser(page, testInfo, 'blog');
  await open(page, '/apps/blog/posts');
  await expect(page).toHaveTitle('Blog · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(9);

  const categories = page.getByRole('navigation', { name: 'Categories' });
  await expect(categories.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  await categories.getByRole('link', { name: 'Gadgets' }).click();
  await expect(page).toHaveURL('/apps/blog/posts?category=Gadget');
  await expect(categories.getByRole('link', { name: 'Gadgets' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('article')).toHaveCount(2);
  await categories.getByRole('link', { name: 'All' }).click();
  await expect(page.getByRole('article')).toHaveCount(9);

  const card = page.getByRole('article', { name: 'Incoterms explained for first-time importers' });
  await expect(card).toContainText('Amira Haddad');
  await expect(card).toContainText('8,421 views');
  await expect(card).toContainText('2 comments');
  await card.getByRole('link', { name: 'Incoterms explained for first-time importers' }).click();
  await expect(page).toHaveURL('/apps/blog/detail/incoterms-explained-for-first-time-importers');
  await expect(page).toHaveTitle('Incoterms explained for first-time importers · Harbour Freight');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Incoterms explained for first-time importers' }),
  ).toBeVisible();
  await expect(page.getByText(/^Incoterms are eleven three-letter rules/)).toBeVisible();

  // Only spaces: refused with a message, in the browser or by the server.
  const box = page.getByLabel('Comment', { exact: true });
  await box.fill('   ');
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();

  const text = `Useful for our buyers (${testInfo.project.name})`;
  await page.getByLabel('Comment', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Post comment' }).click();
  const comments = page.getByRole('list', { name: 'Comments' });
  await expect(comments.getByRole('listitem').first()).toContainText(text);
  await expect(comments.getByRole('listitem').first()).toContainText('Noor Saleh');
  await expect(page.getByLabel('Comment', { exact: true })).toHaveValue('');
  await expect(page.getByText('3 comments')).toBeVisible();
});

test('an unknown post is the not-found page', async ({ page }, testInfo) => {
  await newUser(page, testInfo, 'blog404');
  const response = await page.goto('/apps/blog/detail/no-such-post');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('likes and unlikes a feed post, and replies to a comment', async ({ page }, testInfo) => {
  await newUser(page, testInfo, 'feed');
  await open(page, '/user-profile');
  await expect(page).toHaveTitle('User profile · Harbour Freight');
  await expect(page.getByRole('main').getByText('Noor Saleh', { exact: true })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Profile sections' });
  await expect(tabs.getByRole('link', { name: 'Posts' })).toHaveAttribute('aria-current', 'page');

  const post = page.getByRole('article', { name: 'Amira Haddad' });
  const like = post.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(post.getByText('18 likes')).toBeVisible();
  await like.click();
  await expect(post.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(post.getByText('19 likes')).toBeVisible();
  await post.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(post.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(post.getByText('18 likes')).toBeVisible();

  const reply = `On our side too (${testInfo.project.name})`;
  const daniel = post.getByRole('listitem').filter({ hasText: 'Congratulations to the whole team!' });
  await expect(daniel.getByLabel('Reply to Daniel Okafor')).toBeHidden();
  await daniel.getByText('Reply', { exact: true }).click();
  await daniel.getByLabel('Reply to Daniel Okafor').fill(reply);
  await daniel.getByRole('button', { name: 'Send reply' }).click();
  const replies = post.getByRole('list', { name: 'Replies to Daniel Okafor' });
  await expect(replies.getByRole('listitem').last()).toContainText(reply);
  await expect(replies.getByRole('listitem').last()).toContainText('Noor Saleh');

  const comment = `Great work (${testInfo.project.name})`;
  await post.getByLabel('Comment', { exact: true }).fill(comment);
  await post.getByRole('button', { name: 'Post comment' }).click();
  await expect(post.getByText(comment)).toBeVisible();
});

test('follows someone from the followers tab and opens the gallery', async ({ page }, testInfo) => {
  await newUser(page, testInfo, 'follow');
  await open(page, '/user-profile');
  const tabs = page.getByRole('navigation', { name: 'Profile sections' });
  await tabs.getByRole('link', { name: 'Followers' }).click();
  await expect(page).toHaveURL('/user-profile?tab=followers');
  await expect(tabs.getByRole('link', { name: 'Followers' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(21);

  await page.getByLabel('Search followers by name').fill('Lucas');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL('/user-profile?tab=followers&q=Lucas');
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1);
  const following = page.getByRole('definition').last();
  await expect(following).toHaveText('7');
  await page.getByRole('button', { name: 'Follow Lucas Moreau' }).click();
  await expect(page.getByRole('button', { name: 'Unfollow Lucas Moreau' })).toBeVisible();
  await expect(page).toHaveURL(/\/user-profile\?tab=followers&q=Lucas/);
  await expect(following).toHaveText('8');

  await tabs.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL('/user-profile?tab=gallery');
  await expect(page.getByRole('img', { name: 'Port at dawn' })).toBeVisible();
  await expect(page.getByRole('figure')).toHaveCount(12);
  await page.getByLabel('Search photos by name').fill('port');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL('/user-profile?tab=gallery&q=port');
  await expect(page.getByRole('figure')).toHaveCount(1);
});
