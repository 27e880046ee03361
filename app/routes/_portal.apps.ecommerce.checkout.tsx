// The demo shop's cart (the spec's shop ends here: no payment). Each line: photo, title, unit price, the
// quantity with one more / one fewer, remove, and its total; then the cart's total. Every change is a
// POST form (one per line, its buttons named "intent") that comes back here.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData } from '@remix-run/react';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { Button, IconButton } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatNumber } from '~/components/format';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { useMoney, usePendingCart } from '~/components/shop/shop-parts';
import { Alert, AspectRatio, Sheet, Stack, Text, TextLink } from '~/components/ui';
import { CART_PATH, detailPath, SHOP_PATH } from '~/forms/shop';
import { demoScreen } from '~/services/demo/screen.server';
import { cartAction, cartView, type CartView } from '~/services/demo/shop.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'shop'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, CART_PATH);
  const { t, title } = await pageTools(request, 'shop');
  return { title: title(t('cart.title')), cart: cartView(state) };
}

export const action = ({ request }: ActionFunctionArgs) => cartAction(request, CART_PATH);

export const meta = titleMeta;

function CartLine({
  line,
  maxQuantity,
  error,
}: {
  line: CartView['lines'][number];
  maxQuantity: number;
  error: string | null;
}) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  const { product, qty } = line;
  const title = product.title;
  const decreasing = usePendingCart('decrease', product.id);
  const increasing = usePendingCart('increase', product.id);
  const removing = usePendingCart('remove', product.id);
  return (
    <Sheet component="li" variant="outlined" className="demo-shop-panel" style={{ listStyle: 'none' }}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="productId" value={product.id} />
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} alignItems={{ sm: 'center' }}>
          <AspectRatio
            ratio="1"
            objectFit="contain"
            variant="outlined"
            style={{ inlineSize: 88, borderRadius: 'var(--joy-radius-sm)', flexShrink: 0 }}
          >
            <img src={product.photo} alt={t('product.photoAlt', { title })} />
          </AspectRatio>
          <Stack gap={0.5} style={{ flex: 1, minInlineSize: 0 }}>
            <Text level="title-md" component="h2">
              <TextLink to={detailPath(product.id)} level="inherit">
                {title}
              </TextLink>
            </Text>
            <Text level="body-sm">{t('cart.unitPrice', { price: money(product.salesPrice) })}</Text>
          </Stack>
          <Stack direction="row" gap={1} alignItems="center">
            <IconButton
              type="submit"
              name="intent"
              value="decrease"
              variant="outlined"
              size="sm"
              // One fewer stops at one; "Remove" takes the line away.
              disabled={qty <= 1}
              loading={decreasing}
              aria-label={t('cart.decrease', { title })}
            >
              <IconMinus aria-hidden size={16} />
            </IconButton>
            <Text textAlign="center" style={{ minInlineSize: '6ch' }}>
              {t('cart.quantity', { quantity: formatNumber(qty, i18n.language) })}
            </Text>
            <IconButton
              type="submit"
              name="intent"
              value="increase"
              variant="outlined"
              size="sm"
              disabled={qty >= maxQuantity}
              loading={increasing}
              aria-label={t('cart.increase', { title })}
            >
              <IconPlus aria-hidden size={16} />
            </IconButton>
          </Stack>
          <Text level="title-md" className="demo-shop-line-total">
            {t('cart.lineTotal', { total: money(line.lineTotal) })}
          </Text>
          <Button
            type="submit"
            name="intent"
            value="remove"
            variant="plain"
            color="danger"
            size="sm"
            loading={removing}
            startDecorator={<IconTrash aria-hidden size={16} />}
            aria-label={t('cart.removeNamed', { title })}
          >
            {t('cart.remove')}
          </Button>
        </Stack>
        {error && (
          <Alert color="danger" variant="soft" role="alert" size="sm" style={{ marginBlockStart: 12 }}>
            {error}
          </Alert>
        )}
      </Form>
    </Sheet>
  );
}

export default function Cart() {
  const { cart } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t } = useTranslation('shop');
  const money = useMoney();
  const backToShop = (
    <Button component={RemixLink} to={SHOP_PATH} variant="outlined">
      {t('cart.continue')}
    </Button>
  );
  const lineIds = new Set(cart.lines.map((line) => line.product.id));
  return (
    <Stack gap={3} style={{ maxInlineSize: 960 }}>
      <PageHeading
        title={t('cart.title')}
        intro={t('cart.intro')}
        action={cart.lines.length > 0 && backToShop}
      />
      {refusal && (refusal.productId === null || !lineIds.has(refusal.productId)) && (
        <Alert color="danger" variant="soft" role="alert">
          {refusal.error}
        </Alert>
      )}
      {cart.lines.length === 0 ? (
        <Stack gap={1.5} alignItems="flex-start">
          <Text level="title-md">{t('cart.empty')}</Text>
          {backToShop}
        </Stack>
      ) : (
        <>
          <Text level="body-sm">{t('cart.count', { count: cart.count })}</Text>
          <Stack component="ul" gap={1.5} style={{ margin: 0, padding: 0 }} aria-label={t('cart.lines')}>
            {cart.lines.map((line) => (
              <CartLine
                key={line.product.id}
                line={line}
                maxQuantity={cart.maxQuantity}
                error={refusal && refusal.productId === line.product.id ? refusal.error : null}
              />
            ))}
          </Stack>
          <Sheet variant="soft" className="demo-shop-panel">
            <Stack direction="row" justifyContent="space-between" alignItems="baseline">
              <Text level="title-lg" component="p" id="cart-total-label">
                {t('cart.total')}
              </Text>
              <Text level="h3" component="p" role="status" aria-labelledby="cart-total-label">
                {money(cart.total)}
              </Text>
            </Stack>
          </Sheet>
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
