/**
 * The clearance receipt keeps its consignee as it was issued (ADR 026, extended 2026-11-29): the
 * customer's name, phone and e-mail copied onto the order at its first clearance, as an invoice keeps
 * its "Bill to". Receipts issued before this migration take the customer as it is at the upgrade (the
 * best we know).
 */
import type { Kysely } from 'kysely';

const COPIED = [
  ['receipt_partner_name', 'name'],
  ['receipt_partner_phone', 'phone'],
  ['receipt_partner_email', 'email'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column] of COPIED) {
    await db.schema.alterTable('shipping_orders').addColumn(column, 'text').execute();
  }
  await db
    .updateTable('shipping_orders')
    .set((eb) =>
      Object.fromEntries(
        COPIED.map(([column, source]) => [
          column,
          eb
            .selectFrom('partners')
            .select(source)
            .whereRef('partners.id', '=', 'shipping_orders.partner_id'),
        ]),
      ),
    )
    .where('receipt_issued_at', 'is not', null)
    .execute();
}
