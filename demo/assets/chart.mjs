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
const WIDTH = 420; // narrow enough to stay legible when scaled to a phone
const VALUE = 72; // room after the longest bar for its value
const LINE = 18; // a group's heading
const BAR = 12;
const GAP = 3;
const GROUP_GAP = 10;
const TOP = 42; // title and legend

function node(name, attrs = {}, text = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = text;
  return e;
}

/**
 * An <svg> bar chart: `groups` are [{label, note}], `series` are
 * [{name, values}] with one value per group (null: none), `format(v)` the
 * text shown after a bar. Each group is a heading (its label and note)
 * over its bars; bars share one linear scale from 0.
 */
export function barChart({ title, groups, series, format = String }) {
  const values = series.flatMap((s) => s.values.filter((v) => v !== null && v !== undefined));
  const max = Math.max(0, ...values) || 1;
  const groupHeight = LINE + series.length * (BAR + GAP) + GROUP_GAP;
  const height = TOP + groups.length * groupHeight;
  const svg = node("svg", { viewBox: `0 0 ${WIDTH} ${height}`, role: "img", "aria-label": title, class: "bars" });
  svg.append(node("title", {}, title));
  svg.append(node("text", { x: 0, y: 14, class: "chart-title" }, title));
  let x = 0;
  series.forEach((s, i) => {
    svg.append(node("rect", { x, y: 23, width: 10, height: 10, fill: COLORS[i % COLORS.length] }));
    svg.append(node("text", { x: x + 14, y: 32, class: "chart-legend" }, s.name));
    x += 24 + 6.5 * s.name.length;
  });
  const span = WIDTH - VALUE;
  groups.forEach((g, gi) => {
    const top = TOP + gi * groupHeight;
    const group = node("g", { "data-group": g.label });
    const heading = node("text", { x: 0, y: top + 13, class: "chart-label" }, g.label);
    if (g.note) heading.append(node("tspan", { class: "chart-note", dx: 6 }, g.note));
    group.append(heading);
    series.forEach((s, si) => {
      const v = s.values[gi];
      const y = top + LINE + si * (BAR + GAP);
      const known = v !== null && v !== undefined;
      const w = known ? Math.max(1, (span * v) / max) : 0;
      const bar = node("rect", { x: 0, y, width: w, height: BAR, fill: COLORS[si % COLORS.length] });
      bar.dataset.series = s.name;
      bar.append(node("title", {}, `${g.label}, ${s.name}: ${known ? format(v) : "n/a"}`));
      group.append(bar);
      group.append(node("text", { x: w + 4, y: y + BAR - 2, class: "chart-value" }, known ? format(v) : "n/a"));
    });
    svg.append(group);
  });
  return svg;
}
