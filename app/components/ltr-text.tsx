// E-mail addresses and international phone numbers inside translated sentences, kept whole and left to
// right: in an Arabic sentence an address would otherwise be reordered around its punctuation and broken
// at its hyphen.
import { Fragment, type ReactNode } from 'react';

/** An address as the portal accepts them (ASCII), or a phone number written with its "+" country code. */
const LTR_TOKEN = /([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}|\+\d[\d ().-]{5,}\d)/g;

/** `text` in pieces: [plain, token, plain, token, ...] (tokens at the odd places). */
export function splitLtrTokens(text: string): string[] {
  return text.split(LTR_TOKEN);
}

/** A token isolated left to right (`<bdi dir="ltr">`), kept on one line when it fits (global.css). */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="ltr-token">
      {children}
    </bdi>
  );
}

/**
 * `text` with each e-mail address and phone number in it isolated left to right; in one <span>, so that
 * a flex container (an Alert) lays the sentence out as one piece of text.
 */
export function LtrTokens({ text }: { text: string }) {
  return (
    <span>
      {splitLtrTokens(text).map((piece, index) =>
        index % 2 === 1 ? <Ltr key={index}>{piece}</Ltr> : <Fragment key={index}>{piece}</Fragment>,
      )}
    </span>
  );
}

/**
 * A value put into a translated sentence as a run of its own (first strong isolate … pop directional
 * isolate), so that a Latin name in an Arabic sentence does not carry the numbers beside it along.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
