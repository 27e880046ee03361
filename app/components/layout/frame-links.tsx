// The frame's links (the menu, the brand, the top bar's, the footer's) are plain anchors that the browser
// follows without JavaScript, so that the frame can be kept as HTML (ADR 064). With JavaScript, one handler
// on each part of the frame opens them in the portal, as Remix's Link does, and prefetches the page a
// pointer or the keyboard rests on, as `prefetch="intent"` does (ADR 056). A list's row links are plain
// anchors too, marked as pages (`data-discover`, as Remix marks its links): the list opens them the same
// way, without prefetching every row a pointer crosses.
import { PrefetchPageLinks, useLocation, useNavigate } from '@remix-run/react';
import { useState, type FocusEvent, type MouseEvent } from 'react';

/**
 * The portal's own link an event happened on, if the browser would open another page of it in this tab.
 * A link within the page (`#main-content`, `#sidebar`) is left to the browser: the drawer opens on its target.
 */
function portalLink(target: EventTarget | null, selector: string): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>(selector) : null;
  if (
    !link ||
    link.target ||
    link.hasAttribute('download') ||
    link.getAttribute('href')?.startsWith('#') ||
    link.origin !== window.location.origin
  ) {
    return null;
  }
  return link;
}

export type FrameLinkHandlers = {
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onMouseOver: (event: MouseEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A click handler that opens the portal's links (`selector`: which anchors) in the portal, as Remix's
 * Link does: a plain click of the main button only, never one a link handled already.
 */
export function useOpenInPortal(selector = 'a'): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    const link = portalLink(event.target, selector);
    if (event.defaultPrevented || event.button !== 0 || modified || !link) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  };
}

/** The handlers to put on each part of the frame, and the prefetch links to render once. */
export function useFrameLinks(): { handlers: FrameLinkHandlers; prefetch: JSX.Element | null } {
  const { pathname } = useLocation();
  const onClick = useOpenInPortal();
  const [intent, setIntent] = useState<string | null>(null);

  const prefetch = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const link = portalLink(event.target, 'a');
    if (link && link.pathname !== pathname) setIntent(link.pathname);
  };

  return {
    handlers: { onClick, onMouseOver: prefetch, onFocus: prefetch },
    prefetch: intent ? <PrefetchPageLinks page={intent} /> : null,
  };
}
