// The intents a posted Notify me, or its Cancel, carries beside a page's other forms: apart,
// so that a product card (first paint) names them without the box's code.
export const NOTIFY_ME_INTENT = 'stock-alert';
export const END_ALERT_INTENT = 'stock-alert-end';
