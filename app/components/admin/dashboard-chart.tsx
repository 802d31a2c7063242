import type { DayFigures } from "~/features/dashboard/dashboard.server";
import { formatDay } from "~/lib/india-time";
import { formatPaise } from "~/lib/money";

/**
 * The dashboard's 30 days drawn on the server as SVG: revenue as bars (left axis, rupees), orders
 * as a line (right axis). Its size is fixed by its viewBox, so nothing moves as the page loads.
 * The same figures are in a table right after it (DashboardChartTable).
 */
const W = 720;
const H = 260;
const M = { top: 16, right: 44, bottom: 44, left: 68 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;
const TICKS = 4;

const shortDay = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const compactRupees = new Intl.NumberFormat("en-IN", {
  notation: "compact",
  maximumFractionDigits: 1,
});
const count = new Intl.NumberFormat("en-IN");

/** A round top for an axis at or above `max`, divisible into TICKS steps of `unit` multiples. */
export function niceTop(max: number, unit = 1): number {
  if (max <= 0) return TICKS * unit;
  const rough = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  return Math.max(TICKS * unit, Math.ceil(step / unit) * unit * TICKS);
}

const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

export function DashboardChart({ days, titleId }: { days: DayFigures[]; titleId: string }) {
  const revenueTop = niceTop(Math.max(...days.map((d) => d.revenuePaise / 100), 0));
  const ordersTop = niceTop(Math.max(...days.map((d) => d.orders), 0));
  const slot = PLOT_W / Math.max(days.length, 1);
  const bar = Math.max(2, slot * 0.64);
  const y = (share: number) => M.top + PLOT_H * (1 - share);
  const x = (i: number) => M.left + slot * i + slot / 2;
  const totalRevenue = days.reduce((s, d) => s + d.revenuePaise, 0);
  const totalOrders = days.reduce((s, d) => s + d.orders, 0);
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  const line = days.map((d, i) => `${x(i).toFixed(1)},${y(d.orders / ordersTop).toFixed(1)}`);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      role="img"
      aria-labelledby={`${titleId}-svg-title ${titleId}-svg-desc`}
      className="block h-auto w-full min-w-[36rem] text-slate-600"
      data-testid="dashboard-chart"
    >
      <title id={`${titleId}-svg-title`}>Revenue and orders per day, last 30 days</title>
      <desc id={`${titleId}-svg-desc`}>
        {first && last
          ? `From ${formatDay(first)} to ${formatDay(last)}: ${formatPaise(totalRevenue)} from paid orders and ${count.format(totalOrders)} orders in all. Each day's figures are in the table below.`
          : "No days to show."}
      </desc>
      {Array.from({ length: TICKS + 1 }, (_, i) => {
        const share = i / TICKS;
        return (
          <g key={share} className="text-[13px]">
            <line
              x1={M.left}
              x2={W - M.right}
              y1={y(share)}
              y2={y(share)}
              className={i === 0 ? "stroke-slate-400" : "stroke-slate-200"}
            />
            <text x={M.left - 8} y={y(share) + 4} textAnchor="end" className="fill-slate-600">
              ₹{compactRupees.format(revenueTop * share)}
            </text>
            <text x={W - M.right + 8} y={y(share) + 4} className="fill-slate-600">
              {count.format(ordersTop * share)}
            </text>
          </g>
        );
      })}
      {days.map((d, i) => {
        const height = (PLOT_H * d.revenuePaise) / 100 / revenueTop;
        return (
          <rect
            key={d.day}
            x={x(i) - bar / 2}
            y={M.top + PLOT_H - height}
            width={bar}
            height={height}
            className="fill-brand-300"
          />
        );
      })}
      <polyline points={line.join(" ")} fill="none" strokeWidth={2} className="stroke-slate-900" />
      {days.map((d, i) => (
        <circle
          key={d.day}
          cx={x(i)}
          cy={y(d.orders / ordersTop)}
          r={2.5}
          className="fill-slate-900"
        />
      ))}
      {days.map((d, i) =>
        i % 5 === 4 || i === 0 ? (
          <text
            key={d.day}
            x={x(i)}
            y={H - M.bottom + 18}
            textAnchor="middle"
            className="fill-slate-600 text-[13px]"
          >
            {dayLabel(d.day)}
          </text>
        ) : null,
      )}
      <text
        x={16}
        y={M.top + PLOT_H / 2}
        textAnchor="middle"
        transform={`rotate(-90 16 ${M.top + PLOT_H / 2})`}
        className="fill-slate-700 text-[13px] font-semibold"
      >
        Revenue (₹)
      </text>
      <text
        x={W - 8}
        y={M.top + PLOT_H / 2}
        textAnchor="middle"
        transform={`rotate(90 ${W - 8} ${M.top + PLOT_H / 2})`}
        className="fill-slate-700 text-[13px] font-semibold"
      >
        Orders
      </text>
      <text
        x={M.left + PLOT_W / 2}
        y={H - 6}
        textAnchor="middle"
        className="fill-slate-700 text-[13px] font-semibold"
      >
        Day (India time)
      </text>
    </svg>
  );
}

/** The chart's figures as a table, for screen readers and anyone who wants the numbers. */
export function DashboardChartTable({ days }: { days: DayFigures[] }) {
  return (
    <table className="w-full text-left text-sm" data-testid="dashboard-chart-table">
      <caption className="sr-only">Revenue and orders per day, last 30 days, oldest first</caption>
      <thead className="bg-slate-50 text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2 font-semibold">
            Day
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            Orders
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            Revenue
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row" className="px-3 py-1.5 font-normal">
              {formatDay(d.day)}
            </th>
            <td className="px-3 py-1.5 text-right tabular-nums">{count.format(d.orders)}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{formatPaise(d.revenuePaise)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
