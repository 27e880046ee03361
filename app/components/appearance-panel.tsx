// The appearance settings of spec section 3 as one plain form: applied on the next page load, no JavaScript needed.
import { useLocation, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button, Icon, Stack } from '~/components/ui';
import type { loader as rootLoader } from '~/root';
import { BORDER_RADII, DEFAULT_APPEARANCE, PALETTES, type Appearance } from '~/theme/appearance';
import { Kept } from './kept-markup';
import { BRAND_COLOURS } from '~/theme/palettes';
import { Disclosure } from './disclosure';

/**
 * One setting as a group of native radio buttons. Plain elements styled by global.css (.choice): the
 * panel is on every page, and Joy's radios cost several styled components each to render on the server.
 */
function Choice({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string; swatch?: string }[];
}) {
  return (
    <fieldset className="choice">
      <legend>{label}</legend>
      <div className="choice-options">
        {options.map((option) => (
          <label key={option.value}>
            <input type="radio" name={name} value={option.value} defaultChecked={option.value === value} />
            {option.swatch && (
              <span aria-hidden className="choice-swatch" style={{ background: option.swatch }} />
            )}
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The settings and the button that applies them: one kept part of the frame (ADR 064). */
function AppearanceChoices({ appearance, dir }: { appearance: Appearance; dir: 'ltr' | 'rtl' }) {
  const { t } = useTranslation();
  return (
    <>
      <Choice
        name="theme"
        label={t('appearance.palette')}
        value={appearance.theme}
        options={PALETTES.map((palette) => ({
          value: palette,
          label: t(`appearance.palettes.${palette}`),
          swatch: BRAND_COLOURS[palette].primary,
        }))}
      />
      <Choice
        name="mode"
        label={t('appearance.mode')}
        value={appearance.mode}
        options={[
          { value: 'light', label: t('appearance.light') },
          { value: 'dark', label: t('appearance.dark') },
        ]}
      />
      <Choice
        name="dir"
        label={t('appearance.direction')}
        value={dir}
        options={[
          { value: 'ltr', label: t('appearance.ltr') },
          { value: 'rtl', label: t('appearance.rtl') },
        ]}
      />
      <Choice
        name="layout"
        label={t('appearance.layout')}
        value={appearance.layout}
        options={[
          { value: 'boxed', label: t('appearance.boxed') },
          { value: 'full', label: t('appearance.full') },
        ]}
      />
      <Choice
        name="horizontal"
        label={t('appearance.menuPosition')}
        value={String(appearance.horizontal)}
        options={[
          { value: 'false', label: t('appearance.vertical') },
          { value: 'true', label: t('appearance.horizontal') },
        ]}
      />
      <Choice
        name="cardShadow"
        label={t('appearance.cardShadow')}
        value={String(appearance.cardShadow)}
        options={[
          { value: 'true', label: t('appearance.on') },
          { value: 'false', label: t('appearance.off') },
        ]}
      />
      <Choice
        name="borderRadius"
        label={t('appearance.borderRadius')}
        value={String(appearance.borderRadius)}
        options={BORDER_RADII.map((radius) => ({
          value: String(radius),
          label: t('appearance.radiusValue', { value: radius }),
        }))}
      />
      <Button type="submit">{t('appearance.apply')}</Button>
    </>
  );
}

/** The panel, for these settings, coming back to `redirectTo`: its hooks are the translations' only. */
export function AppearanceMenu({
  appearance,
  dir,
  redirectTo,
}: {
  appearance: Appearance;
  dir: 'ltr' | 'rtl';
  redirectTo: string;
}) {
  const { t } = useTranslation();
  return (
    <Disclosure label={t('appearance.title')} summary={<Icon name="palette" size={20} />} width={340}>
      <form method="post" action="/preferences">
        <input type="hidden" name="intent" value="appearance" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Kept
          id={`appearance|${dir}|${JSON.stringify(appearance)}`}
          host={(content) => <Stack gap={2} {...content} />}
        >
          <AppearanceChoices appearance={appearance} dir={dir} />
        </Kept>
      </form>
    </Disclosure>
  );
}

/** The panel on a page of its own, with the visitor's settings, coming back to it. */
export function AppearancePanel() {
  const location = useLocation();
  const preferences = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <AppearanceMenu
      appearance={preferences?.appearance ?? DEFAULT_APPEARANCE}
      dir={preferences?.dir ?? 'ltr'}
      redirectTo={location.pathname + location.search}
    />
  );
}
