// Drawing one total from a distribution the Codex worked out in Python (calc/dice/draw.py), for a Roll.
// It knows no dice: a draw is {label, low | totals, weights, bands?, tail?}, whose whole-number
// weights add up to 2^48 (calc.dice.draw.BITS). A total is picked by inverse CDF: a uniform whole number
// u below the sum of the weights, then the first total whose running sum of weights passes u. u is
// made of the fewest random bits that reach the sum (48 here: one 32-bit word and 16 bits of a
// second), and a u past the sum is drawn again, so each total comes with exactly its weight over the
// sum and no floating point enters. The words for a total are the draw's bands, written by Python.
const WORD = 2 ** 32;
const prepared = new WeakMap();   // draw -> {cumulative}

// The page's random words: `count` 32-bit words from the browser's cryptographic generator.
export function cryptoWords(count) {
  return crypto.getRandomValues(new Uint32Array(count));
}

// A whole number from 0 to limit - 1, each as likely as the next; `words(count)` gives random 32-bit words.
export function below(limit, words = cryptoWords) {
  if (!Number.isInteger(limit) || limit < 1 || limit > 2 ** 53) throw new RangeError(`no draw below ${limit}`);
  let bits = 0;
  while (2 ** bits < limit) bits += 1;
  for (;;) {
    const [first, second] = words(2);
    const high = bits > 32 ? first % 2 ** (bits - 32) : 0;   // a power of two: keeps the lowest bits
    const low = bits >= 32 ? second : second % 2 ** bits;
    const u = high * WORD + low;
    if (u < limit) return u;
  }
}

function cumulative(draw) {
  let kept = prepared.get(draw);
  if (!kept) {
    let running = 0;
    kept = draw.weights.map((w) => (running += w));
    if (!Number.isSafeInteger(running) && running !== 2 ** 53) throw new RangeError("the weights add up past 2^53");
    prepared.set(draw, kept);
  }
  return kept;
}

export function totalAt(draw, index) {
  return draw.totals ? draw.totals[index] : draw.low + index;
}

// One total drawn from `draw` (words: crypto's, unless a test gives its own seeded source).
export function drawTotal(draw, words = cryptoWords) {
  const sums = cumulative(draw);
  const u = below(sums[sums.length - 1], words);
  let lo = 0;
  let hi = sums.length - 1;
  while (lo < hi) {   // the first running sum above u
    const mid = (lo + hi) >> 1;
    if (sums[mid] > u) hi = mid;
    else lo = mid + 1;
  }
  return totalAt(draw, lo);
}

// What a total means: the last band it reaches ([low, words] or [low, [none, one, more], every]);
// the page fills in the total and, for a band that counts, how many steps past its low it is.
export function meaning(draw, total) {
  let band = null;
  for (const b of draw.bands || []) if (b[0] === null || total >= b[0]) band = b;
  if (!band) return String(total);
  const [low, say, every] = band;
  if (!Array.isArray(say)) return say.replaceAll("{total}", String(total));
  const n = Math.floor((total - low) / every);
  return say[Math.min(n, 2)].replaceAll("{total}", String(total)).replaceAll("{n}", String(n));
}
