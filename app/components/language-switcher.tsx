// Switches the portal's language: a plain form, so it works without JavaScript; the page reloads in it.
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Stack } from '~/components/ui';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '~/i18n';
import { Disclosure } from './disclosure';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
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
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Stack gap={0.5} role="group" aria-label={t('language.label')}>
          {LANGUAGES.map((language) => (
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
          ))}
        </Stack>
      </form>
    </Disclosure>
  );
}
