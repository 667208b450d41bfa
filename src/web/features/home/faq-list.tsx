// Loaded after the first paint (see faq-section.tsx), with the answers it shows.
const faqs: { question: string; answer: string }[] = [
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

export function FaqList() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      {faqs.map((faq) => (
        <details
          key={faq.question}
          className="collapse collapse-arrow border border-base-300 bg-base-100"
        >
          <summary className="collapse-title font-semibold">{faq.question}</summary>
          <div className="collapse-content">
            <p>{faq.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
