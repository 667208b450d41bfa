export const legalSections: { id: string; title: string; paragraphs: string[] }[] = [
  {
    id: 'terms',
    title: 'Terms of use',
    paragraphs: [
      'ECParts sells bicycle spare parts and workshop tools to businesses. Every order is for at least 10 pieces of a product and at most the stock shown on its page.',
      'An order is confirmed once it is paid. Prices are shown in US dollars per piece; the total is the price times the quantity. We may cancel an unpaid order if the product runs out, and we refund any paid order we cannot ship.',
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy policy',
    paragraphs: [
      'We only keep what we need to run your account and your orders: your name, your email address, your orders and the reviews and messages you send us.',
      'Card payments are handled by our payment provider. Your card details go straight to them and never reach our servers; we only store the payment reference. We do not sell or share your data for advertising. Write to us through the contact form to see or delete what we hold about you.',
    ],
  },
  {
    id: 'cookies',
    title: 'Cookie policy',
    paragraphs: [
      'We use only essential cookies: one that keeps you signed in and the security cookies that protect sign-in. There are no advertising or tracking cookies, so there is nothing to accept or refuse.',
    ],
  },
];
