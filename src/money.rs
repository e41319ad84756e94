//! Money formatting and rounding, in one place.

use rust_decimal::{Decimal, RoundingStrategy};

/// Rounds to `dp` decimals, half away from zero (四舍五入, as Chinese invoices do).
pub fn round(d: Decimal, dp: u32) -> Decimal {
    d.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero)
}

/// Exact decimal string with at least two decimals: `84480` → `84480.00`, `0.765` stays.
pub fn exact(d: Decimal) -> String {
    let mut n = d.normalize();
    if n.scale() < 2 {
        n.rescale(2);
    }
    plain(n)
}

/// Two decimals, rounded, as a plain decimal string (`14.67`).
pub fn two_dp(d: Decimal) -> String {
    let mut r = round(d, 2);
    r.rescale(2);
    plain(r)
}

/// The decimal exactly as stored (mantissa and scale written out directly): the hot path of every listing (Decimal's `Display`
/// with a precision goes through the general formatter and was a tenth of the query time).
pub fn plain(d: Decimal) -> String {
    let digits = d.mantissa().unsigned_abs().to_string();
    let scale = d.scale() as usize;
    let mut out = String::with_capacity(digits.len() + scale + 3);
    if d.mantissa() < 0 {
        out.push('-');
    }
    if scale == 0 {
        out.push_str(&digits);
    } else if digits.len() > scale {
        let (int, frac) = digits.split_at(digits.len() - scale);
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    } else {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', scale - digits.len()));
        out.push_str(&digits);
    }
    out
}

/// Currency symbol for display.
pub fn symbol(currency: &str) -> &str {
    match currency {
        "CNY" => "¥",
        "USD" => "$",
        "EUR" => "€",
        _ => "",
    }
}

/// `¥84,480.00`, `$31.92`, `1,234.50 JPY` — rounded to two decimals, thousands separated.
pub fn display(d: Decimal, currency: &str) -> String {
    let s = two_dp(d.abs());
    let (int, frac) = s.split_once('.').unwrap_or((&s, "00"));
    let mut grouped = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let sign = if d.is_sign_negative() && !round(d, 2).is_zero() { "-" } else { "" };
    match symbol(currency) {
        "" => format!("{sign}{grouped}.{frac} {currency}"),
        sym => format!("{sign}{sym}{grouped}.{frac}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).expect("decimal literal")
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(two_dp(d("14.665")), "14.67");
        assert_eq!(two_dp(d("2.125")), "2.13");
        assert_eq!(two_dp(d("-2.125")), "-2.13");
    }

    #[test]
    fn display_groups_thousands() {
        assert_eq!(display(d("84480"), "CNY"), "¥84,480.00");
        assert_eq!(display(d("31.92"), "USD"), "$31.92");
        assert_eq!(display(d("253440"), "CNY"), "¥253,440.00");
        assert_eq!(display(d("1234567.891"), "JPY"), "1,234,567.89 JPY");
        assert_eq!(display(d("-1000"), "CNY"), "-¥1,000.00");
        assert_eq!(display(d("0.5"), "CNY"), "¥0.50");
    }

    #[test]
    fn plain_writes_every_shape() {
        assert_eq!(two_dp(d("0.005")), "0.01");
        assert_eq!(two_dp(d("0.0049")), "0.00");
        assert_eq!(two_dp(d("-0.5")), "-0.50");
        assert_eq!(two_dp(d("1234567.891")), "1234567.89");
        assert_eq!(exact(d("0.0765")), "0.0765");
        assert_eq!(exact(d("-3")), "-3.00");
        assert_eq!(exact(d("0")), "0.00");
    }

    #[test]
    fn exact_keeps_precision() {
        assert_eq!(exact(d("84480")), "84480.00");
        assert_eq!(exact(d("0.765")), "0.765");
        assert_eq!(exact(d("1.50")), "1.50");
    }
}
