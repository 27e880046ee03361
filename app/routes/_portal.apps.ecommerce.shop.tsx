// The demo shop (spec sections 3–4): the products as cards, searched, sorted and filtered by a GET form
// (everything in the URL, so it works without JavaScript), "Reset filters" back to All and newest, and an
// "Add to cart" form on each product that posts here and comes back to the same list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { FilterSelect } from '~/components/select-field';
import {
  AddToCartForm,
  CartLink,
  Colours,
  PriceTag,
  Rating,
  StockChip,
  useMoney,
} from '~/components/shop/shop-parts';
import {
  Alert,
  AspectRatio,
  Card,
  CardContent,
  FormControl,
  FormLabel,
  Grid,
  Input,
  Sheet,
  Stack,
  Text,
  TextLink,
} from '~/components/ui';
import type { Product } from '~/fixtures/types';
import { PRODUCT_GENDERS } from '~/fixtures/types';
import {
  categoriesOf,
  detailPath,
  filterProducts,
  MIN_RATINGS,
  PRICE_BAND_KEYS,
  PRICE_BANDS,
  SHOP_COLORS,
  SHOP_PATH,
  SHOP_SORTS,
  shopParamsOf,
} from '~/forms/shop';
import { demoScreen } from '~/services/demo/screen.server';
import { cartAction, cartView } from '~/services/demo/shop.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'shop'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, SHOP_PATH);
  const { t, title } = await pageTools(request, 'shop');
  const categories = categoriesOf(state.products);
  const params = shopParamsOf(request);
  // A category no product has is not a filter anyone could have chosen: show them all.
  if (!categories.includes(params.category)) params.category = 'all';
  return {
    title: title(t('shop.title')),
    params,
    categories,
    products: filterProducts(state.products, params),
    total: state.products.length,
    cartCount: cartView(state).count,
  };
}

export const action = ({ request }: ActionFunctionArgs) => cartAction(request, SHOP_PATH);

export const meta = titleMeta;

function Filters() {
  const { params, categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation('shop');
  const money = useMoney();
  const priceLabel = (band: (typeof PRICE_BAND_KEYS)[number]) => {
    const [from, below] = PRICE_BANDS[band];
    if (from === 0) return t('filters.priceUnder', { max: money(below) });
    if (below === Number.POSITIVE_INFINITY) return t('filters.priceFrom', { min: money(from) });
    return t('filters.priceRange', { min: money(from), max: money(below) });
  };
  const all = { value: 'all', label: t('filters.all') };
  return (
    <Sheet variant="outlined" className="demo-shop-panel">
      <Form method="get" role="search" aria-label={t('filters.label')}>
        <Stack gap={1.5}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            gap={1.5}
            alignItems={{ sm: 'flex-end' }}
            flexWrap="wrap"
          >
            <FormControl size="sm" style={{ flex: 1, minInlineSize: 200 }}>
              <FormLabel htmlFor="shop-search">{t('filters.search')}</FormLabel>
              <Input
                key={params.q}
                size="sm"
                placeholder={t('filters.searchPlaceholder')}
                slotProps={{
                  input: { id: 'shop-search', name: 'q', type: 'search', defaultValue: params.q },
                }}
              />
            </FormControl>
            <FilterSelect
              name="sort"
              label={t('filters.sort')}
              value={params.sort}
              options={SHOP_SORTS.map((sort) => ({ value: sort, label: t(`sorts.${sort}`) }))}
            />
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            gap={1.5}
            alignItems={{ sm: 'flex-end' }}
            flexWrap="wrap"
          >
            <FilterSelect
              name="category"
              label={t('filters.category')}
              value={params.category}
              options={[
                all,
                ...categories.map((category) => ({ value: category, label: t(`categories.${category}`) })),
              ]}
            />
            <FilterSelect
              name="color"
              label={t('filters.color')}
              value={params.color}
              options={[all, ...SHOP_COLORS.map(({ name }) => ({ value: name, label: t(`colors.${name}`) }))]}
            />
            <FilterSelect
              name="gender"
              label={t('filters.gender')}
              value={params.gender}
              options={[
                all,
                ...PRODUCT_GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) })),
              ]}
            />
            <FilterSelect
              name="price"
              label={t('filters.price')}
              value={params.price}
              options={[all, ...PRICE_BAND_KEYS.map((band) => ({ value: band, label: priceLabel(band) }))]}
            />
            <FilterSelect
              name="rating"
              label={t('filters.rating')}
              value={params.rating}
              options={[
                { value: '', label: t('filters.anyRating') },
                ...MIN_RATINGS.map((stars) => ({
                  value: stars,
                  label: t('filters.atLeast', { count: Number(stars) }),
                })),
              ]}
            />
            <Button type="submit" size="sm">
              {t('filters.apply')}
            </Button>
            <ResetLink />
          </Stack>
        </Stack>
      </Form>
    </Sheet>
  );
}

/** Back to every product, newest first (spec: "Filters reset to All with sort newest"). */
function ResetLink() {
  const { t } = useTranslation('shop');
  return (
    <Button component={RemixLink} to={SHOP_PATH} size="sm" variant="plain" color="neutral">
      {t('filters.reset')}
    </Button>
  );
}

function ProductCard({ product, error }: { product: Product; error: string | null }) {
  const { t } = useTranslation('shop');
  return (
    <Card
      component="article"
      aria-labelledby={`product-${product.id}`}
      variant="outlined"
      style={{ blockSize: '100%' }}
    >
      <AspectRatio ratio="4/3" objectFit="contain" style={{ borderRadius: 'var(--joy-radius-sm)' }}>
        <img src={product.photo} alt={t('product.photoAlt', { title: product.title })} loading="lazy" />
      </AspectRatio>
      <CardContent style={{ gap: 8 }}>
        <Text level="title-lg" component="h2" id={`product-${product.id}`}>
          <TextLink to={detailPath(product.id)} level="inherit">
            {product.title}
          </TextLink>
        </Text>
        <Text level="body-sm" textColor="text.secondary">
          {product.category.map((category) => t(`categories.${category}`)).join(', ')}
        </Text>
        <PriceTag product={product} />
        <Rating rating={product.rating} />
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap" justifyContent="space-between">
          <Colours colors={product.colors} />
          <StockChip inStock={product.stock} />
        </Stack>
      </CardContent>
      <AddToCartForm product={product} error={error} />
    </Card>
  );
}

export default function Shop() {
  const { products, total, cartCount } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t } = useTranslation('shop');
  return (
    <Stack gap={3}>
      <PageHeading title={t('shop.title')} intro={t('shop.intro')} action={<CartLink count={cartCount} />} />
      <Filters />
      {refusal && refusal.productId === null && (
        <Alert color="danger" variant="soft" role="alert">
          {refusal.error}
        </Alert>
      )}
      <Text level="body-sm" role="status">
        {t('shop.count', { count: products.length, total })}
      </Text>
      {products.length === 0 ? (
        <Stack gap={1} alignItems="flex-start">
          <Text level="title-md">{t('shop.noMatch')}</Text>
          <ResetLink />
        </Stack>
      ) : (
        <Grid container spacing={2}>
          {products.map((product) => (
            <Grid key={product.id} xs={12} sm={6} lg={4}>
              <ProductCard
                product={product}
                error={refusal && refusal.productId === product.id ? refusal.error : null}
              />
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
