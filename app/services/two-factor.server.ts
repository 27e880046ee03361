// The signed-in user's two-step verification: its status, a new secret as a QR code, turning it on
// (recovery codes, shown once) and off. The back office keeps the secret and checks every code.
import QRCode from 'qrcode';
import type { SignedIn } from './auth.server';

export function twoFactorStatus(signedIn: SignedIn) {
  return signedIn.backoffice.call('getTwoFactor');
}

/** The otpauth:// link as a QR code image (SVG, as a data: URL the page's CSP allows). */
export async function qrCode(otpauthUrl: string): Promise<string> {
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** What the set-up step shows: the QR code and the key to type by hand, from the otpauth:// link. */
export async function setupView(
  otpauthUrl: string,
): Promise<{ otpauthUrl: string; secret: string; qr: string } | null> {
  let secret: string | null = null;
  try {
    const url = new URL(otpauthUrl);
    if (url.protocol === 'otpauth:' && otpauthUrl.length <= 500) secret = url.searchParams.get('secret');
  } catch {
    secret = null;
  }
  if (!secret || !/^[A-Z2-7]+=*$/.test(secret)) return null;
  return { otpauthUrl, secret, qr: await qrCode(otpauthUrl) };
}

export function setupTwoFactor(signedIn: SignedIn) {
  return signedIn.backoffice.call('setupTwoFactor');
}

export function enableTwoFactor(signedIn: SignedIn, code: string) {
  return signedIn.backoffice.call('enableTwoFactor', { body: { code } });
}

export function disableTwoFactor(signedIn: SignedIn, password: string, code: string) {
  return signedIn.backoffice.call('disableTwoFactor', { body: { password, code } });
}
