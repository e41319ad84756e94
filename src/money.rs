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

/// Net, tax and gross of an amount at a tax rate, exact to the fen: when the amount includes
/// tax, net = amount ÷ (1 + rate) rounded and tax = amount − net (so net + tax = amount); when it
/// excludes tax, tax = amount × rate rounded and gross = amount + tax.
pub fn split_tax(amount: Decimal, rate: Decimal, included: bool) -> (Decimal, Decimal, Decimal) {
    if included {
        let gross = round(amount, 2);
        let net = round(gross / (Decimal::ONE + rate), 2);
        (net, gross - net, gross)
    } else {
        let net = round(amount, 2);
        let tax = round(net * rate, 2);
        (net, tax, net + tax)
    }
}

/// An amount in Chinese uppercase (人民币大写) by the People's Bank of China rules: 壹拾 for
/// a leading ten, one 零 for any run of zeros inside, 零 after 元 when 角 is zero and 分 is not,
/// 整 after 元 when there are no 角 and 分. Refuses negative amounts and amounts of a trillion
/// yuan or more.
pub fn chinese_uppercase(amount: Decimal) -> Result<String, String> {
    const DIGITS: [char; 10] = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
    const UNITS: [&str; 4] = ["", "拾", "佰", "仟"];
    const GROUPS: [&str; 3] = ["", "万", "亿"];
    let a = round(amount, 2);
    if a.is_sign_negative() && !a.is_zero() {
        return Err(format!("{a} is negative: an uppercase amount must be positive"));
    }
    let fen_total = (a * Decimal::from(100)).trunc();
    let fen_total: u64 = fen_total
        .to_string()
        .parse()
        .map_err(|_| format!("{a} is too large to write in uppercase"))?;
    let yuan = fen_total / 100;
    if yuan >= 1_000_000_000_000 {
        return Err(format!("{a} is too large to write in uppercase (a trillion yuan or more)"));
    }
    let jiao = (fen_total / 10 % 10) as usize;
    let fen = (fen_total % 10) as usize;
    let mut out = String::new();
    if yuan > 0 {
        // Groups of four digits, highest first.
        let groups = [(yuan / 100_000_000) % 10_000, (yuan / 10_000) % 10_000, yuan % 10_000];
        let mut started = false;
        let mut pending_zero = false;
        for (gi, &g) in groups.iter().enumerate() {
            let level = 2 - gi;
            if g == 0 {
                if started {
                    pending_zero = true;
                }
                continue;
            }
            if started && g < 1000 {
                pending_zero = true;
            }
            let digits = [(g / 1000) % 10, (g / 100) % 10, (g / 10) % 10, g % 10];
            let mut first_in_group = true;
            for (di, &d) in digits.iter().enumerate() {
                if d == 0 {
                    if !first_in_group {
                        pending_zero = true;
                    }
                    continue;
                }
                if pending_zero && started {
                    out.push('零');
                }
                pending_zero = false;
                out.push(DIGITS[d as usize]);
                out.push_str(UNITS[3 - di]);
                started = true;
                first_in_group = false;
            }
            out.push_str(GROUPS[level]);
            // Zeros at the end of a group are not spoken; a following group under 1000 or an
            // all-zero group brings its own 零.
            pending_zero = false;
        }
        out.push('元');
    }
    match (jiao, fen) {
        (0, 0) => {
            if yuan == 0 {
                out.push_str("零元");
            }
            out.push('整');
        }
        (0, f) => {
            if yuan > 0 {
                out.push('零');
            }
            out.push(DIGITS[f]);
            out.push('分');
        }
        (j, 0) => {
            out.push(DIGITS[j]);
            out.push('角');
        }
        (j, f) => {
            out.push(DIGITS[j]);
            out.push('角');
            out.push(DIGITS[f]);
            out.push('分');
        }
    }
    Ok(out)
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
    fn uppercase_by_the_peoples_bank_rules() {
        let u = |s: &str| chinese_uppercase(d(s)).expect(s);
        assert_eq!(u("253440"), "贰拾伍万叁仟肆佰肆拾元整");
        assert_eq!(u("253440.00"), "贰拾伍万叁仟肆佰肆拾元整");
        // Examples from the People's Bank of China rules.
        assert_eq!(u("1409.50"), "壹仟肆佰零玖元伍角");
        assert_eq!(u("6007.14"), "陆仟零柒元壹角肆分");
        assert_eq!(u("325.04"), "叁佰贰拾伍元零肆分");
        assert_eq!(u("107000.53"), "壹拾万柒仟元伍角叁分");
        assert_eq!(u("1680.32"), "壹仟陆佰捌拾元叁角贰分");
        assert_eq!(u("10"), "壹拾元整");
        assert_eq!(u("100001"), "壹拾万零壹元整");
        assert_eq!(u("100000000"), "壹亿元整");
        assert_eq!(u("100010000"), "壹亿零壹万元整");
        assert_eq!(u("8110080"), "捌佰壹拾壹万零捌拾元整");
        assert_eq!(u("0.5"), "伍角");
        assert_eq!(u("0.05"), "伍分");
        assert_eq!(u("0"), "零元整");
        assert!(chinese_uppercase(d("-1")).is_err());
        assert!(chinese_uppercase(d("1000000000000")).is_err());
    }

    #[test]
    fn tax_included_and_excluded() {
        // DOMAIN.md: ¥253,440.00 incl. 6 % VAT → net 239,094.34 + tax 14,345.66.
        let (net, tax, gross) = split_tax(d("253440"), d("0.06"), true);
        assert_eq!(
            (two_dp(net), two_dp(tax), two_dp(gross)),
            ("239094.34".into(), "14345.66".into(), "253440.00".into())
        );
        let (net, tax, gross) = split_tax(d("239094.34"), d("0.06"), false);
        assert_eq!(
            (two_dp(net), two_dp(tax), two_dp(gross)),
            ("239094.34".into(), "14345.66".into(), "253440.00".into())
        );
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
