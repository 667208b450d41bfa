// Delivery for the checkout bench (issue 22): a shop in the EU, a US state's sales tax, a
// shipping method priced by weight, weights on the parts, and a ship-to address for every
// customer, so each checkout prices shipping and tax as a real one does. Written straight into
// the server's database, as the customers and carts are.
type Query = <Row = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<Row[]>;

export async function setUpDelivery(query: Query) {
  await query(
    `update shop_settings set legal_name = 'ECParts B.V.',
       address = '{"company":"","name":"ECParts B.V.","line1":"Keizersgracht 1","line2":"","city":"Amsterdam","region":"","postalCode":"1015 CJ","country":"NL","phone":""}'::jsonb`,
  );
  await query(
    `insert into tax_rate (country, region, rate_milli, name)
     values ('US', 'CA', 7250, 'CA sales tax')
     on conflict (country, region) do update set rate_milli = excluded.rate_milli`,
  );
  await query(`update product set weight_grams = 150 + (abs(hashtext(sku)) % 900)`);
  const [method] = await query<{ id: string }>(
    `insert into shipping_method (name, countries, rate, free_over_cents, delivery_min_days, delivery_max_days)
     values ('Standard', array['*'],
       '{"kind":"weight","bands":[{"upToGrams":2000,"priceCents":950},{"upToGrams":10000,"priceCents":1900},{"upToGrams":1000000,"priceCents":3900}]}'::jsonb,
       null, 3, 6)
     returning id`,
  );
  if (!method) throw new Error('no shipping method was written');
  return { shippingMethodId: method.id };
}

/** One default ship-to (and billing) address in California per customer: user id → address id. */
export async function addShipTo(query: Query, userIds: readonly string[]) {
  const rows = await query<{ id: string; user_id: string }>(
    `insert into address (user_id, name, line1, city, region, postal_code, country,
                          is_default_shipping, is_default_billing)
     select u, 'Bench Cycles', '1 Market St', 'San Francisco', 'CA', '94105', 'US', true, true
     from unnest($1::text[]) as u
     returning id, user_id`,
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.id]));
}
