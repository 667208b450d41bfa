export const bulkSteps: { title: string; text: string }[] = [
  {
    title: 'Choose your parts',
    text: 'Browse the shop for the tools and spare parts your workshop goes through, from chains and brake pads to torque wrenches.',
  },
  {
    title: 'Order 10 pieces or more',
    text: 'Every product is sold in bulk with a minimum of 10 pieces per order, so the per-piece price stays at factory level.',
  },
  {
    title: 'Pay by card',
    text: 'Pay securely by card from your dashboard. Your order is confirmed as soon as the payment goes through.',
  },
  {
    title: 'We ship from the factory',
    text: 'Your parts are packed at our own factory and shipped directly to your shop, with tracking from dispatch to delivery.',
  },
];

export const whyUs: { title: string; text: string }[] = [
  {
    title: 'Factory prices',
    text: 'No distributors or middlemen between us and your shop, so the savings go straight to your margin.',
  },
  {
    title: 'Consistent quality',
    text: 'Every batch is made and inspected on our own production line, so the hundredth piece matches the first.',
  },
  {
    title: 'Made by mechanics',
    text: 'Our tools are designed and tested by people who work on bikes every day, for workshops that use them all day.',
  },
  {
    title: 'Reliable since 2019',
    text: 'Hundreds of bike shops and repair services have trusted us with their parts orders since 2019.',
  },
];

export const faqs: { question: string; answer: string }[] = [
  {
    question: 'What is the minimum order quantity?',
    answer:
      'The minimum is 10 pieces of a product per order. You can order any larger quantity up to the stock shown on the product page.',
  },
  {
    question: 'How do I pay for an order?',
    answer:
      'Orders are paid by card. After you place an order, open it from your dashboard and complete the payment; we start packing once it is confirmed.',
  },
  {
    question: 'How long does shipping take?',
    answer:
      'Paid orders leave the factory within two working days. Delivery usually takes 3 to 7 working days depending on your location, and you receive tracking details on dispatch.',
  },
  {
    question: 'What about returns and warranty?',
    answer:
      'All tools carry a two-year warranty against manufacturing defects, and unused parts can be returned within 30 days. Contact us with your order number and we will arrange a replacement or refund.',
  },
  {
    question: 'Can you make custom or private-label parts?',
    answer:
      'Yes. For larger runs we can apply your shop logo, custom packaging or colours to selected tools. Send us a message through the contact form with the product and quantity you have in mind.',
  },
];
