// The links to the Terms of Service, the Privacy Policy and the accessibility statement, for the footers
// of the portal's frame, the public pages and these pages themselves (the current one is marked
// aria-current="page").
import { useTranslation } from '~/components/translation';
import { Stack, TextLink } from '~/components/ui';
import { ACCESSIBILITY_PATH, PRIVACY_PATH, TERMS_PATH } from './openable';

/**
 * `inFrame`: the portal's frame, which never holds these pages: plain anchors, opened in the portal by the
 * frame's handler and kept as HTML with the rest of the frame (ADR 064).
 */
export function LegalLinks({ inFrame = false }: { inFrame?: boolean }) {
  const { t } = useTranslation();
  const links: [string, string][] = [
    [TERMS_PATH, t('footer.terms')],
    [PRIVACY_PATH, t('footer.privacy')],
    [ACCESSIBILITY_PATH, t('footer.accessibility')],
  ];
  return (
    <Stack
      component="nav"
      aria-label={t('footer.legal')}
      direction="row"
      gap={2}
      flexWrap="wrap"
      justifyContent="center"
    >
      {links.map(([path, label]) =>
        inFrame ? (
          <TextLink key={path} href={path} level="body-sm" color="neutral">
            {label}
          </TextLink>
        ) : (
          <TextLink key={path} nav to={path} level="body-sm" color="neutral">
            {label}
          </TextLink>
        ),
      )}
    </Stack>
  );
}
