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

/** "8-DOP" with the article it takes when read aloud: "an 8-DOP", "an 18-DOP", "a 14-DOP". */
export function aKdop(k) {
  const s = String(k);
  // "eight…", and "eleven"/"eighteen" when they lead a group of three digits (11, 18, 11 000…).
  const vowel = s.startsWith('8') || (s.length % 3 === 2 && /^1[18]/.test(s));
  return `${vowel ? 'an' : 'a'} ${k}-DOP`;
}

/** "x − y" with a negative y in parentheses: "0.125 − (−0.125)", never "0.125 − −0.125". */
export function difference(x, y) {
  return `${num(x)} − ${y < 0 ? `(${num(y)})` : num(y)}`;
}

/** "[−1, 1.5]" */
export function interval([lo, hi], digits = 3) {
  return `[${num(lo, digits)}, ${num(hi, digits)}]`;
}
