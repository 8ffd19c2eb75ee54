// Grouped horizontal bar charts in plain SVG (no library): one group of
// bars per item (a curve), one bar per series (a size, a time), each bar
// labelled with its value. The SVG scales to its container's width.
//
//   import { barChart } from "./chart.mjs";
//   el.replaceChildren(barChart({
//     title: "Sizes (bytes)",
//     groups: [{ label: "BLS12-381", note: "128-bit" }],
//     series: [{ name: "public key", values: [48] }],
//     format: (v) => `${v} B`,
//   }));

const NS = "http://www.w3.org/2000/svg";
// Distinguishable for the common colour-vision deficiencies (Okabe–Ito).
const COLORS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7"];
const WIDTH = 600;
const LABEL = 130; // the group labels' column
const VALUE = 78; // room after the longest bar for its value
const BAR = 13;
const GAP = 3;
const GROUP_GAP = 12;
const TOP = 44; // title and legend

function node(name, attrs = {}, text = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = text;
  return e;
}

/**
 * An <svg> bar chart: `groups` are [{label, note}], `series` are
 * [{name, values}] with one value per group (null: none), `format(v)` the
 * text shown after a bar. Bars share one linear scale from 0.
 */
export function barChart({ title, groups, series, format = String }) {
  const values = series.flatMap((s) => s.values.filter((v) => v !== null && v !== undefined));
  const max = Math.max(0, ...values) || 1;
  const groupHeight = Math.max(2 * 14, series.length * (BAR + GAP)) + GROUP_GAP;
  const height = TOP + groups.length * groupHeight;
  const svg = node("svg", { viewBox: `0 0 ${WIDTH} ${height}`, role: "img", "aria-label": title, class: "bars" });
  svg.append(node("title", {}, title));
  svg.append(node("text", { x: 0, y: 14, class: "chart-title" }, title));
  let x = 0;
  series.forEach((s, i) => {
    svg.append(node("rect", { x, y: 24, width: 10, height: 10, fill: COLORS[i % COLORS.length] }));
    const label = node("text", { x: x + 14, y: 33, class: "chart-legend" }, s.name);
    svg.append(label);
    x += 24 + 7 * s.name.length;
  });
  const span = WIDTH - LABEL - VALUE;
  groups.forEach((g, gi) => {
    const top = TOP + gi * groupHeight;
    const group = node("g", { "data-group": g.label });
    group.append(node("text", { x: 0, y: top + 11, class: "chart-label" }, g.label));
    if (g.note) group.append(node("text", { x: 0, y: top + 25, class: "chart-note" }, g.note));
    series.forEach((s, si) => {
      const v = s.values[gi];
      const y = top + si * (BAR + GAP);
      const known = v !== null && v !== undefined;
      const w = known ? Math.max(1, (span * v) / max) : 0;
      const bar = node("rect", { x: LABEL, y, width: w, height: BAR, fill: COLORS[si % COLORS.length] });
      bar.dataset.series = s.name;
      bar.append(node("title", {}, `${g.label}, ${s.name}: ${known ? format(v) : "n/a"}`));
      group.append(bar);
      group.append(node("text", { x: LABEL + w + 4, y: y + BAR - 2, class: "chart-value" }, known ? format(v) : "n/a"));
    });
    svg.append(group);
  });
  return svg;
}
