// What one user may add to the demo data (shared by the store and the screens' forms).
/** Caps on what one user can add, so memory stays bounded. */
export const DEMO_LIMITS = {
  comments: 100,
  replies: 50,
  messages: 200,
  notes: 100,
  contacts: 200,
  cartLines: 50,
  quantity: 99,
  text: 2000,
} as const;
