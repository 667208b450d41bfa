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
