// The links to the Terms of Service, the Privacy Policy and the accessibility statement, for the footers
// of the portal's frame, the public pages and these pages themselves (the current one is marked
// aria-current="page").
import { useTranslation } from 'react-i18next';
import { Stack, TextLink } from '~/components/ui';
import { ACCESSIBILITY_PATH, PRIVACY_PATH, TERMS_PATH } from './openable';

export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <Stack
      component="nav"
      aria-label={t('footer.legal')}
      direction="row"
      gap={2}
      flexWrap="wrap"
      justifyContent="center"
    >
      <TextLink nav to={TERMS_PATH} level="body-sm" color="neutral">
        {t('footer.terms')}
      </TextLink>
      <TextLink nav to={PRIVACY_PATH} level="body-sm" color="neutral">
        {t('footer.privacy')}
      </TextLink>
      <TextLink nav to={ACCESSIBILITY_PATH} level="body-sm" color="neutral">
        {t('footer.accessibility')}
      </TextLink>
    </Stack>
  );
}
