// Amounts in a currency's smallest unit (cents), shown the way a buyer reads them: 250 → "$2.50".
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  // Zero-decimal currencies (JPY, KRW…) have no minor unit to divide by.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
