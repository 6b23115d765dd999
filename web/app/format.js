// Number formatting for panels: short, aligned, with a real minus sign.

/** 3 decimals, trailing zeros trimmed ("1.25", "−0.5", "0"). NaN prints as "—". */
export function num(x, digits = 3) {
  if (x == null || Number.isNaN(x)) return '—';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  let s = x.toFixed(digits);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (s === '-0') s = '0';
  return s.replace('-', '−');
}

/** Fixed decimals, for columns ("1.250"). */
export function fixed(x, digits = 3) {
  if (x == null || Number.isNaN(x)) return '—';
  const s = x.toFixed(digits);
  return (/^-0\.?0*$/.test(s) ? s.slice(1) : s).replace('-', '−');
}

/** "(0.71, 0.71, 0)" */
export function vec(v, digits = 2) {
  return `(${Array.from(v, (x) => num(x, digits)).join(', ')})`;
}

/** "[−1, 1.5]" */
export function interval([lo, hi], digits = 3) {
  return `[${num(lo, digits)}, ${num(hi, digits)}]`;
}
