// Reading a chart by touch: a tap (or a finger sliding) anywhere along a distribution chart
// reads the bar under that horizontal position, however thin the bars are (7k5 draws about a
// hundred bars of 3 px on a phone). The bar's own reading (`data-read`) is the text shown:
// nothing computed. A mouse hovering over a chart reads it the same way, button pressed or not.
function barAt(svg, clientX) {
  let best = null;
  let bestDistance = Infinity;
  for (const rect of svg.querySelectorAll("rect[data-x]")) {
    const box = rect.getBoundingClientRect();
    const distance = clientX < box.left ? box.left - clientX : clientX > box.right ? clientX - box.right : 0;
    if (distance < bestDistance) { best = rect; bestDistance = distance; }
  }
  return best;
}

function show(svg, clientX) {
  const bar = barAt(svg, clientX);
  const chart = svg.closest(".cx-chart");
  const readout = chart && chart.querySelector(".cx-chart__readout");
  if (!bar || !readout) return;
  chart.querySelectorAll("rect.cx-bar--on").forEach((r) => r.classList.remove("cx-bar--on"));
  bar.classList.add("cx-bar--on");
  if (bar.dataset.read) readout.textContent = bar.dataset.read;
}

let sliding = null;   // the chart a finger or a pressed button is sliding along

export function bindChartTouch() {
  if (document.codexChartTouch) return;
  document.codexChartTouch = true;
  document.addEventListener("pointerdown", (event) => {
    const svg = event.target.closest && event.target.closest(".cx-chart__svg");
    if (!svg) return;
    sliding = svg;
    show(svg, event.clientX);
  });
  document.addEventListener("pointermove", (event) => {
    if (sliding && sliding.isConnected) show(sliding, event.clientX);
    else if (event.pointerType === "mouse") {
      const svg = event.target.closest && event.target.closest(".cx-chart__svg");
      if (svg) show(svg, event.clientX);
    }
  });
  for (const type of ["pointerup", "pointercancel"]) {
    document.addEventListener(type, () => { sliding = null; });
  }
}
