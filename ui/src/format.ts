// Number formats shared by every page (APP-MAP: ¥84,480.00, $31.92, ¥14.67/卡时).
const SYMBOL: Record<string, string> = { CNY: '¥', USD: '$', EUR: '€' };

/** Groups thousands on a decimal string without going through floating point. */
export function groupDecimal(s: string, dp = 2): string {
  const neg = s.startsWith('-');
  const [int, frac = ''] = (neg ? s.slice(1) : s).split('.');
  const f = (frac + '0'.repeat(dp)).slice(0, Math.max(dp, frac.length));
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${grouped}${f ? '.' + f : ''}`;
}

export function money(amount: string, currency: string): string {
  const sym = SYMBOL[currency];
  const n = groupDecimal(amount);
  return sym ? `${sym}${n}` : `${n} ${currency}`;
}

export function isoDate(rfc3339: string): string {
  return rfc3339.slice(0, 10);
}
