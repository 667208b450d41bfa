import type { AdminOverview } from '../../../contract/overview.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { DaySales } from '../../modules/orders/overview.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar the overview counts in: UTC days, this month and the one before. */
export function overviewCalendar(now: Date) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = now.getUTCDate();
  const startOfDay = new Date(Date.UTC(y, m, today));
  return {
    today,
    startOfDay,
    endOfDay: new Date(startOfDay.getTime() + DAY_MS),
    monthStart: new Date(Date.UTC(y, m, 1)),
    lastMonthStart: new Date(Date.UTC(y, m - 1, 1)),
    daysInMonth: new Date(Date.UTC(y, m + 1, 0)).getUTCDate(),
    daysInLastMonth: new Date(Date.UTC(y, m, 0)).getUTCDate(),
  };
}

const key = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Today and this month so far beside the same days of last month (the 31st of a month after a
 * 30-day one stands beside the 30th), and the chart's days: this month's up to today, last
 * month's whole.
 */
export function salesSummary(rows: DaySales[], now: Date): AdminOverview['sales'] {
  const cal = overviewCalendar(now);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const dayOf = (start: Date, n: number) =>
    byDay.get(key(new Date(start.getTime() + (n - 1) * DAY_MS)));
  const sum = (start: Date, from: number, to: number) => {
    let cents = 0;
    let orders = 0;
    for (let n = from; n <= to; n++) {
      const row = dayOf(start, n);
      cents += row?.cents ?? 0;
      orders += row?.orders ?? 0;
    }
    return { cents, orders };
  };
  const sameDay = Math.min(cal.today, cal.daysInLastMonth);
  const today = sum(cal.monthStart, cal.today, cal.today);
  const todayBefore = sum(cal.lastMonthStart, sameDay, sameDay);
  const month = sum(cal.monthStart, 1, cal.today);
  const monthBefore = sum(cal.lastMonthStart, 1, sameDay);
  const days = Array.from({ length: Math.max(cal.daysInMonth, cal.daysInLastMonth) }, (_, i) => {
    const n = i + 1;
    return {
      day: n,
      thisMonth: n <= cal.today ? centsToDollars(dayOf(cal.monthStart, n)?.cents ?? 0) : null,
      lastMonth:
        n <= cal.daysInLastMonth ? centsToDollars(dayOf(cal.lastMonthStart, n)?.cents ?? 0) : null,
    };
  });
  const period = (now: typeof today, before: typeof today) => ({
    total: centsToDollars(now.cents),
    orders: now.orders,
    lastMonthTotal: centsToDollars(before.cents),
    lastMonthOrders: before.orders,
  });
  return { today: period(today, todayBefore), month: period(month, monthBefore), days };
}
