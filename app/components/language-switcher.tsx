// Switches the portal's language: a plain form, so it works without JavaScript; the page reloads in it.
import { useLocation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button, Icon, Stack } from '~/components/ui';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '~/i18n';
import { Disclosure } from './disclosure';
import { Kept } from './kept-markup';

/** The four languages, the current one marked: one kept part of the frame (ADR 064). */
function LanguageButtons({ current }: { current: Language }) {
  return LANGUAGES.map((language) => (
    <Button
      key={language}
      type="submit"
      name="lng"
      value={language}
      lang={language}
      variant={language === current ? 'soft' : 'plain'}
      color={language === current ? 'primary' : 'neutral'}
      aria-current={language === current ? 'true' : undefined}
      style={{ justifyContent: 'flex-start' }}
    >
      {LANGUAGE_NAMES[language]}
    </Button>
  ));
}

/** The switcher, coming back to `redirectTo`: its hooks are the translations' only (it is kept in the frame). */
export function LanguageMenu({ redirectTo }: { redirectTo: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
  return (
    <Disclosure
      label={t('language.current', { language: LANGUAGE_NAMES[current] ?? current })}
      summary={
        <>
          <Icon name="language" size={20} />
          <span className="disclosure-text">{LANGUAGE_NAMES[current] ?? current}</span>
        </>
      }
      width={200}
    >
      <form method="post" action="/preferences">
        <input type="hidden" name="intent" value="language" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Kept
          id="languages"
          host={(content) => <Stack gap={0.5} role="group" aria-label={t('language.label')} {...content} />}
        >
          <LanguageButtons current={current} />
        </Kept>
      </form>
    </Disclosure>
  );
}

/** The switcher on a page of its own, coming back to it. */
export function LanguageSwitcher() {
  const location = useLocation();
  return <LanguageMenu redirectTo={location.pathname + location.search} />;
}
