// One product of the demo shop: photo, details, price, colours, stock, "Add to cart" (posting here and
// coming back), and related products. An id that is no product answers 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useActionData, useLoaderData } from '@remix-run/react';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate } from '~/components/format';
import { FieldList } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { AddToCartForm, CartLink, Colours, PriceTag, Rating, StockChip } from '~/components/shop/shop-parts';
import { Alert, AspectRatio, Card, Grid, Stack, Text, TextLink } from '~/components/ui';
import type { Product } from '~/fixtures/types';
import { detailPath, SHOP_PATH } from '~/forms/shop';
import { demoScreen } from '~/services/demo/screen.server';
import { cartAction, cartView } from '~/services/demo/shop.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';

const SCREEN = '/apps/ecommerce/detail/:id';
const RELATED = 4;

export const handle = { i18n: ['common', 'shop'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, SCREEN);
  const id = recordIdOr404(params.id);
  const { title } = await pageTools(request, 'shop');
  const product = state.products.find((candidate) => candidate.id === id);
  if (!product) throw new Response('Not found', { status: 404 });
  // Related: products sharing a category first, then those the samples mark as related.
  const others = state.products.filter((candidate) => candidate.id !== id);
  const sharesCategory = (candidate: Product) => candidate.category.some((c) => product.category.includes(c));
  const related = [
    ...others.filter(sharesCategory),
    ...others.filter((candidate) => candidate.related && !sharesCategory(candidate)),
  ].slice(0, RELATED);
  return {
    title: title(product.title),
    product,
    related,
    cartCount: cartView(state).count,
  };
}

export const action = ({ request, params }: ActionFunctionArgs) => {
  recordIdOr404(params.id);
  return cartAction(request, SCREEN);
};

export const meta = titleMeta;

function RelatedCard({ product }: { product: Product }) {
  const { t } = useTranslation('shop');
  return (
    <Card variant="outlined" style={{ blockSize: '100%' }}>
      <AspectRatio ratio="4/3" objectFit="contain" style={{ borderRadius: 'var(--joy-radius-sm)' }}>
        <img src={product.photo} alt={t('product.photoAlt', { title: product.title })} loading="lazy" />
      </AspectRatio>
      <Text level="title-md" component="h3">
        <TextLink to={detailPath(product.id)} level="inherit">
          {product.title}
        </TextLink>
      </Text>
      <PriceTag product={product} />
    </Card>
  );
}

export default function ProductDetail() {
  const { product, related, cartCount } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t, i18n } = useTranslation('shop');
  return (
    <Stack gap={3}>
      <Stack direction="row" justifyContent="space-between" gap={2} flexWrap="wrap">
        <Button
          component={RemixLink}
          to={SHOP_PATH}
          variant="plain"
          startDecorator={
            // The arrow points back: to the right in a right-to-left page.
            <span className="demo-shop-back-arrow">
              <IconArrowLeft aria-hidden size={18} />
            </span>
          }
        >
          {t('product.back')}
        </Button>
        <CartLink count={cartCount} />
      </Stack>
      {refusal && refusal.productId !== product.id && (
        <Alert color="danger" variant="soft" role="alert">
          {refusal.error}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid xs={12} md={5}>
          <AspectRatio
            ratio="1"
            objectFit="contain"
            variant="outlined"
            style={{ borderRadius: 'var(--joy-radius-md)' }}
          >
            <img src={product.photo} alt={t('product.photoAlt', { title: product.title })} />
          </AspectRatio>
        </Grid>
        <Grid xs={12} md={7}>
          <Stack gap={2}>
            <StockChip inStock={product.stock} />
            <Text level="h1" fontSize="xl3">
              {product.title}
            </Text>
            <Rating rating={product.rating} />
            <PriceTag product={product} size="lg" />
            <Colours colors={product.colors} />
            <Text>{product.description}</Text>
            <FieldList
              rows={[
                {
                  label: t('product.category'),
                  value: product.category.map((category) => t(`categories.${category}`)).join(', '),
                },
                { label: t('product.gender'), value: t(`genders.${product.gender}`) },
                { label: t('product.created'), value: formatDate(product.created, i18n.language) },
              ]}
            />
            <Stack style={{ maxInlineSize: 320 }}>
              <AddToCartForm
                product={product}
                size="lg"
                error={refusal && refusal.productId === product.id ? refusal.error : null}
              />
            </Stack>
          </Stack>
        </Grid>
      </Grid>
      {related.length > 0 && (
        <Stack component="section" aria-labelledby="related-heading" gap={2}>
          <Text id="related-heading" level="h2" fontSize="xl">
            {t('product.related')}
          </Text>
          <Grid container spacing={2}>
            {related.map((other) => (
              <Grid key={other.id} xs={12} sm={6} md={3}>
                <RelatedCard product={other} />
              </Grid>
            ))}
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
