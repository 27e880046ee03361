// The pieces the demo shop's screens share: money, price with discount, rating, stock, colours (named for
// screen readers), the cart link and the "Add to cart" form (a POST form that works without JavaScript).
import { Form, Link, useNavigation } from '@remix-run/react';
import { IconShoppingCart, IconShoppingCartPlus, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { formatMoney, formatNumber } from '~/components/format';
import { Alert, Stack, StatusLabel, Text } from '~/components/ui';
import { CART_PATH, colorName, type CartIntent, SHOP_CURRENCY } from '~/forms/shop';
import type { Product } from '~/fixtures/types';

export function useMoney() {
  const { i18n } = useTranslation();
  return (value: number) => formatMoney(value, SHOP_CURRENCY, i18n.language);
}

/** The price paid, and when discounted the list price struck through and the discount. */
export function PriceTag({ product, size = 'md' }: { product: Product; size?: 'md' | 'lg' }) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  return (
    <Stack direction="row" gap={1} alignItems="baseline" flexWrap="wrap">
      <Text level={size === 'lg' ? 'h3' : 'title-lg'} component="p">
        <span className="visually-hidden">{t('product.price')} </span>
        {money(product.salesPrice)}
      </Text>
      {product.discount > 0 && (
        <>
          <Text component="del" level="body-sm" textColor="text.tertiary">
            <span className="visually-hidden">{t('product.listPrice')} </span>
            {money(product.price)}
          </Text>
          <StatusLabel colour="success" variant="soft">
            {t('product.discount', {
              percent: formatNumber(product.discount / 100, i18n.language, { style: 'percent' }),
            })}
          </StatusLabel>
        </>
      )}
    </Stack>
  );
}

/** Stars for the eye, the rating as text for everyone. */
export function Rating({ rating }: { rating: number }) {
  const { t, i18n } = useTranslation('shop');
  return (
    <Stack direction="row" alignItems="center" style={{ gap: 6 }}>
      <Stack direction="row" aria-hidden style={{ color: 'var(--joy-palette-warning-400)' }}>
        {[1, 2, 3, 4, 5].map((star) =>
          star <= rating ? <IconStarFilled key={star} size={16} /> : <IconStar key={star} size={16} />,
        )}
      </Stack>
      <Text level="body-sm">
        {t('product.rating', {
          rating: formatNumber(rating, i18n.language),
          max: formatNumber(5, i18n.language),
        })}
      </Text>
    </Stack>
  );
}

export function StockChip({ inStock }: { inStock: boolean }) {
  const { t } = useTranslation('shop');
  return (
    <StatusLabel variant="soft" colour={inStock ? 'success' : 'danger'}>
      {inStock ? t('product.inStock') : t('product.outOfStock')}
    </StatusLabel>
  );
}

/** The colours a product comes in: swatches, each named (visually hidden) for screen readers. */
export function Colours({ colors }: { colors: readonly string[] }) {
  const { t } = useTranslation('shop');
  return (
    <Stack direction="row" gap={1} alignItems="center">
      <Text level="body-sm">{t('product.colors')}</Text>
      <Stack component="ul" direction="row" style={{ gap: 6, listStyle: 'none', margin: 0, padding: 0 }}>
        {colors.map((hex) => {
          const name = t(`colors.${colorName(hex)}`);
          return (
            <li key={hex} title={name} style={{ display: 'flex' }}>
              <div
                aria-hidden
                style={{
                  inlineSize: 18,
                  blockSize: 18,
                  borderRadius: '50%',
                  backgroundColor: hex,
                  border: '1px solid var(--joy-palette-neutral-outlinedBorder)',
                }}
              />
              <span className="visually-hidden">{name}</span>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** The link to the cart, with how many items it holds. */
export function CartLink({ count }: { count: number }) {
  const { t } = useTranslation('shop');
  return (
    <Button
      component={Link}
      to={CART_PATH}
      variant="outlined"
      startDecorator={<IconShoppingCart aria-hidden size={18} />}
      style={{ whiteSpace: 'nowrap' }}
    >
      {t('cart.link', { count })}
    </Button>
  );
}

/** Whether this page is posting `intent` for `productId` right now (JavaScript on). */
export function usePendingCart(intent: CartIntent, productId: number): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData?.get('productId') === String(productId)
  );
}

/**
 * "Add to cart" for one product, posting to the page's own action (which redirects back to the same
 * URL). Out of stock: the button is disabled, and the server refuses anyway.
 */
export function AddToCartForm({
  product,
  error,
  size = 'md',
}: {
  product: Product;
  /** The server's refusal for this product, if any. */
  error?: string | null;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation('shop');
  const pending = usePendingCart('add', product.id);
  return (
    <Form method="post" preventScrollReset>
      <Stack gap={1}>
        {error && (
          <Alert color="danger" variant="soft" role="alert" size="sm">
            {error}
          </Alert>
        )}
        <input type="hidden" name="productId" value={product.id} />
        <Button
          type="submit"
          name="intent"
          value="add"
          size={size}
          disabled={!product.stock}
          loading={pending}
          loadingPosition="start"
          startDecorator={<IconShoppingCartPlus aria-hidden size={18} />}
          aria-label={t('product.addToCartNamed', { title: product.title })}
        >
          {t('product.addToCart')}
        </Button>
      </Stack>
    </Form>
  );
}
