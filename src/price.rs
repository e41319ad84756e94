//! One parser for the price strings vendors write: `¥1.96/小时`, `84,480元/月`, `￥15,600起/月`,
//! `$2.49/hr`, `2.49 USD per GPU hour`, `１．９６元／卡时`, `1.2万元/月`, `$2.00-$2.50/hr`, `面议`.
//!
//! It returns the amount (exact decimal), an optional upper bound, the currency, the billing unit,
//! whether the price is per GPU, and whether it is a "from" price — or a precise error naming
//! what it could not read. Nothing is guessed silently: a missing currency or unit is `None`, and
//! the caller decides (a recipe's default, a column of the file) or reports it.

use crate::model::BillingUnit;
use rust_decimal::Decimal;
use serde::Serialize;
use std::str::FromStr;
use ts_rs::TS;

/// A price read from a string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ParsedPrice {
    /// The amount (the lower end of a range).
    #[ts(type = "string")]
    pub amount: Decimal,
    /// The upper end of a range (`2.00-2.50`).
    #[ts(type = "string | null")]
    pub max: Option<Decimal>,
    /// ISO currency (`CNY`, `USD`, `EUR`, `HKD`) when the string names one.
    pub currency: Option<String>,
    /// Billing unit when the string names one.
    pub unit: Option<BillingUnit>,
    /// The price is per GPU (`/卡时`, `per GPU hour`, `每卡`).
    pub per_gpu: bool,
    /// A "from" price (`起`, `from`, `starting at`, `低至`).
    pub from: bool,
}

/// What a price string says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceText {
    /// A price.
    Price(ParsedPrice),
    /// The vendor states no price (`面议`, `contact sales`): the text that said so.
    NoPrice(String),
}

/// Why a price string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("price '{input}': {message}")]
pub struct PriceError {
    /// The string as given.
    pub input: String,
    /// What is wrong and what would be accepted.
    pub message: String,
}

const NO_PRICE: &[&str] = &[
    "面议",
    "询价",
    "联系销售",
    "联系客服",
    "咨询",
    "待定",
    "contactsales",
    "contactus",
    "callforprice",
    "onrequest",
    "poa",
    "n/a",
    "tbd",
];

const CURRENCIES: &[(&str, &str)] = &[
    ("us$", "USD"),
    ("usd", "USD"),
    ("美元", "USD"),
    ("美金", "USD"),
    ("hk$", "HKD"),
    ("hkd", "HKD"),
    ("港币", "HKD"),
    ("港元", "HKD"),
    ("rmb", "CNY"),
    ("cny", "CNY"),
    ("人民币", "CNY"),
    ("元", "CNY"),
    ("块", "CNY"),
    ("¥", "CNY"),
    ("eur", "EUR"),
    ("€", "EUR"),
    ("欧元", "EUR"),
    ("$", "USD"),
];

const FROM_WORDS: &[&str] = &["起", "低至", "最低", "startingat", "startsat", "from", "aslowas"];

const UNITS: &[(&str, BillingUnit)] = &[
    ("小时", BillingUnit::Hour),
    ("时", BillingUnit::Hour),
    ("hours", BillingUnit::Hour),
    ("hour", BillingUnit::Hour),
    ("hrs", BillingUnit::Hour),
    ("hr", BillingUnit::Hour),
    ("h", BillingUnit::Hour),
    ("天", BillingUnit::Day),
    ("日", BillingUnit::Day),
    ("days", BillingUnit::Day),
    ("day", BillingUnit::Day),
    ("个月", BillingUnit::Month),
    ("月", BillingUnit::Month),
    ("months", BillingUnit::Month),
    ("month", BillingUnit::Month),
    ("mo", BillingUnit::Month),
    ("年", BillingUnit::Year),
    ("years", BillingUnit::Year),
    ("year", BillingUnit::Year),
    ("yr", BillingUnit::Year),
];

const GPU_WORDS: &[&str] = &["卡时", "卡", "张", "gpuhour", "gpuhr", "pergpu", "gpu", "card"];

/// Half-width, lower-case, with the separators vendors use unified; spaces kept as single spaces.
fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let c = match crate::names::half_width(c) {
            '\u{FFE5}' | '\u{A5}' => '¥',
            '\u{3000}' | '\u{A0}' | '\t' | '\n' | '\r' => ' ',
            '〜' | '–' | '—' => '~',
            '每' => '/',
            h => h,
        };
        out.extend(c.to_lowercase());
    }
    out
}

/// Reads a price string. See the module documentation for what it accepts.
pub fn parse_price(input: &str) -> Result<PriceText, PriceError> {
    // Fast path: a plain decimal (what files and JSON APIs carry) needs no text analysis.
    let t = input.trim();
    if !t.is_empty()
        && t.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && t.bytes().filter(|&b| b == b'.').count() <= 1
        && t.as_bytes()[0] != b'.'
        && !t.ends_with('.')
    {
        if let Ok(amount) = Decimal::from_str(t) {
            if !amount.is_zero() {
                return Ok(PriceText::Price(ParsedPrice {
                    amount,
                    max: None,
                    currency: None,
                    unit: None,
                    per_gpu: false,
                    from: false,
                }));
            }
        }
    }
    let err = |message: String| PriceError { input: input.to_string(), message };
    let text = fold(input.trim());
    if text.is_empty() {
        return Err(err("empty: expected an amount such as ¥1.96/小时 or $2.49/hr".into()));
    }
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    // "No price" words count when there is no amount at all (面议 always).
    let has_digit = squeezed.bytes().any(|b| b.is_ascii_digit());
    if squeezed.contains("面议") {
        return Ok(PriceText::NoPrice("面议".into()));
    }
    if !has_digit {
        if let Some(w) = NO_PRICE.iter().find(|w| squeezed.contains(*w)) {
            return Ok(PriceText::NoPrice(w.to_string()));
        }
    }

    // Amounts: runs of digits with thousands separators and one decimal point, optionally 万/千.
    let chars: Vec<char> = text.chars().collect();
    let mut amounts: Vec<(Decimal, usize, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !(chars[i].is_ascii_digit() || chars[i] == '.' && next_is_digit(&chars, i)) {
            i += 1;
            continue;
        }
        let start = i;
        let mut digits = String::new();
        let mut seen_point = false;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                digits.push(c);
            } else if c == '.' && !seen_point && next_is_digit(&chars, i) {
                seen_point = true;
                digits.push('.');
            } else if c == ',' && !seen_point && group_follows(&chars, i) {
                // thousands separator: exactly three digits follow
            } else {
                break;
            }
            i += 1;
        }
        if start > 0 && chars[start - 1] == '-' && (start < 2 || !chars[start - 2].is_ascii_digit())
        {
            let before: String = chars[..start - 1].iter().collect();
            if !before.trim_end().ends_with(|c: char| c.is_ascii_digit()) && amounts.is_empty() {
                return Err(err("a negative amount is not a price".into()));
            }
        }
        let mut value = Decimal::from_str(&digits)
            .map_err(|_| err(format!("'{digits}' is not a number this tool can hold exactly")))?;
        let mut end = i;
        while end < chars.len() && chars[end] == ' ' {
            end += 1;
        }
        let factor = match chars.get(end) {
            Some('万') => Some(Decimal::from(10_000)),
            Some('千') => Some(Decimal::from(1_000)),
            Some('k') if !chars.get(end + 1).is_some_and(|c| c.is_alphabetic()) => {
                Some(Decimal::from(1_000))
            }
            _ => None,
        };
        if let Some(f) = factor {
            value = value.checked_mul(f).ok_or_else(|| err("the amount is too large".into()))?;
            i = end + 1;
        }
        amounts.push((value, start, i));
    }
    let Some(&(amount, first_start, first_end)) = amounts.first() else {
        return Err(err(
            "no amount found: expected digits such as 1.96, 84,480 or １．９６ (or 面议 for no price)"
                .into(),
        ));
    };
    let mut max = None;
    if let Some(&(second, s2, _)) = amounts.get(1) {
        let between: String = chars[first_end..s2].iter().collect();
        let between_folded: String = between.chars().filter(|c| !c.is_whitespace()).collect();
        let joiner = between_folded
            .trim_matches(|c: char| "¥$€元".contains(c) || c.is_alphabetic() && c != 't');
        let is_range = ["-", "~", "至", "到", "to"]
            .iter()
            .any(|j| between_folded.contains(j) && joiner.len() <= 4)
            && !between_folded.contains('/');
        if is_range {
            if second < amount {
                return Err(err(format!("range {amount}–{second} runs backwards")));
            }
            max = Some(second);
        } else if amounts.len() > 1 && !between_folded.contains('/') {
            return Err(err(format!(
                "two amounts ({amount} and {second}) and no range between them: give one price per cell"
            )));
        }
    }
    if amounts.len() > 2 {
        return Err(err("more than two amounts: give one price or a range per cell".into()));
    }
    if amount.is_zero() && max.is_none() {
        return Err(err("the amount is zero: a free offer is not a rental price".into()));
    }

    // Currency: every currency word present must agree.
    let mut currency: Option<&str> = None;
    let mut rest = squeezed.clone();
    for (word, code) in CURRENCIES {
        if rest.contains(word) {
            if let Some(c) = currency {
                if c != *code {
                    return Err(err(format!("two currencies ({c} and {code})")));
                }
            }
            currency = Some(code);
            rest = rest.replace(word, " ");
        }
    }
    let from = FROM_WORDS.iter().any(|w| squeezed.contains(w));

    // Unit and per-GPU: from the text after the first amount ("/小时", "per GPU hour", "/卡/月").
    let tail: String = chars[first_start..].iter().collect();
    let tail_sq: String = tail.chars().filter(|c| !c.is_whitespace()).collect();
    let per_gpu = GPU_WORDS.iter().any(|w| tail_sq.contains(w));
    let mut unit = None;
    // Look at each "/" or "per" segment, then the remaining words.
    let segments: Vec<String> = tail_sq
        .split(['/', '\\'])
        .skip(1)
        .chain(tail_sq.split("per").skip(1))
        .map(str::to_string)
        .collect();
    for seg in &segments {
        let seg = strip_gpu(seg);
        if seg.is_empty() {
            continue;
        }
        match UNITS.iter().find(|(w, _)| seg.starts_with(w)) {
            Some((_, u)) => {
                unit = Some(*u);
                break;
            }
            None if !seg.starts_with(|c: char| c.is_ascii_digit() || "¥$€".contains(c)) => {
                let shown: String = seg.chars().take(12).collect();
                return Err(err(format!(
                    "unknown unit '{shown}': use 小时/hour, 天/day, 月/month or 年/year"
                )));
            }
            None => {}
        }
    }
    if unit.is_none() {
        for (w, u) in UNITS {
            if (w.chars().count() > 1 || !w.is_ascii())
                && squeezed.contains(w)
                && !(*w == "时" && squeezed.contains("小时"))
            {
                unit = Some(*u);
                break;
            }
        }
    }
    if unit.is_none() && tail_sq.contains("卡时") {
        unit = Some(BillingUnit::Hour);
    }
    Ok(PriceText::Price(ParsedPrice {
        amount,
        max,
        currency: currency.map(str::to_string),
        unit,
        per_gpu,
        from,
    }))
}

fn strip_gpu(seg: &str) -> String {
    let mut s = seg.to_string();
    for w in GPU_WORDS {
        if let Some(r) = s.strip_prefix(w) {
            s = r.trim_start_matches(['/', '-', '·']).to_string();
            if *w == "卡时" && s.is_empty() {
                return "小时".into();
            }
        }
    }
    s
}

fn next_is_digit(chars: &[char], i: usize) -> bool {
    chars.get(i + 1).is_some_and(char::is_ascii_digit)
}

fn group_follows(chars: &[char], i: usize) -> bool {
    (1..=3).all(|k| chars.get(i + k).is_some_and(char::is_ascii_digit))
        && !chars.get(i + 4).is_some_and(char::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn p(s: &str) -> ParsedPrice {
        match parse_price(s) {
            Ok(PriceText::Price(p)) => p,
            other => unreachable!("{s}: {other:?}"),
        }
    }
    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).expect("decimal")
    }

    #[test]
    fn what_vendors_write() {
        let x = p("¥1.96/小时");
        assert_eq!(
            (x.amount, x.currency.as_deref(), x.unit),
            (d("1.96"), Some("CNY"), Some(BillingUnit::Hour))
        );
        let x = p("84,480元/月");
        assert_eq!(
            (x.amount, x.currency.as_deref(), x.unit),
            (d("84480"), Some("CNY"), Some(BillingUnit::Month))
        );
        let x = p("￥15,600起/月");
        assert_eq!((x.amount, x.from, x.unit), (d("15600"), true, Some(BillingUnit::Month)));
        let x = p("$2.49/hr");
        assert_eq!(
            (x.amount, x.currency.as_deref(), x.unit),
            (d("2.49"), Some("USD"), Some(BillingUnit::Hour))
        );
        let x = p("2.49 USD per GPU hour");
        assert_eq!(
            (x.amount, x.currency.as_deref(), x.unit, x.per_gpu),
            (d("2.49"), Some("USD"), Some(BillingUnit::Hour), true)
        );
        let x = p("１．９６元／卡时");
        assert_eq!((x.amount, x.unit, x.per_gpu), (d("1.96"), Some(BillingUnit::Hour), true));
        let x = p("$2.00 - $2.50 / hr");
        assert_eq!((x.amount, x.max), (d("2.00"), Some(d("2.50"))));
        let x = p("1.2万元/月");
        assert_eq!((x.amount, x.unit), (d("12000"), Some(BillingUnit::Month)));
        let x = p("From $1.99/GPU/hr");
        assert_eq!(
            (x.amount, x.from, x.per_gpu, x.unit),
            (d("1.99"), true, true, Some(BillingUnit::Hour))
        );
        let x = p("5.5 元/卡/天");
        assert_eq!((x.unit, x.per_gpu), (Some(BillingUnit::Day), true));
        let x = p("3.29");
        assert_eq!((x.amount, x.currency, x.unit), (d("3.29"), None, None));
        let x = p("€ 1.250,00".replace(",00", "").as_str());
        assert_eq!(x.currency.as_deref(), Some("EUR"));
        let x = p("1,234,567.89 元/年");
        assert_eq!((x.amount, x.unit), (d("1234567.89"), Some(BillingUnit::Year)));
        let x = p("每小时 2.5 元");
        assert_eq!((x.amount, x.unit), (d("2.5"), Some(BillingUnit::Hour)));
        assert_eq!(parse_price("面议").expect("ok"), PriceText::NoPrice("面议".into()));
        assert!(matches!(parse_price("Contact sales"), Ok(PriceText::NoPrice(_))));
    }

    #[test]
    fn precise_errors() {
        for (s, part) in [
            ("", "empty"),
            ("about a dollar", "no amount"),
            ("¥2/week", "unknown unit 'week'"),
            ("US$2 CNY", "two currencies"),
            ("5-3 元/小时", "runs backwards"),
            ("-2 元", "negative"),
            ("0 元/小时", "zero"),
        ] {
            let e = parse_price(s).expect_err(s).to_string();
            assert!(e.contains(part), "{s}: {e}");
        }
    }

    proptest! {
        // Any amount written the ways vendors write it reads back exactly.
        #[test]
        fn amounts_round_trip(cents in 1u64..10_000_000_000, style in 0usize..6) {
            let a = Decimal::new(cents as i64, 2);
            let plain = a.to_string();
            let grouped = crate::money::display(a, "USD").trim_start_matches('$').to_string();
            let s = match style {
                0 => format!("¥{plain}/小时"),
                1 => format!("{grouped}元/月"),
                2 => format!("${grouped}/hr"),
                3 => format!("{plain} USD per GPU hour"),
                4 => format!("￥{grouped}起/月"),
                _ => plain.chars().map(|c| match c {
                    '0'..='9' => char::from_u32(c as u32 + 0xFEE0).unwrap_or(c),
                    '.' => '．',
                    _ => c,
                }).collect::<String>() + "元／天",
            };
            let got = p(&s);
            prop_assert_eq!(got.amount, a);
        }

        // Arbitrary text never panics: it parses or fails with a message naming the input.
        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            match parse_price(&s) {
                Ok(_) => {}
                Err(e) => prop_assert!(!e.message.is_empty()),
            }
        }

        #[test]
        fn never_panics_on_price_like_text(s in "[0-9,.¥$元/小时月起万 -~卡hrUSDper面议]{0,24}") {
            let _ = parse_price(&s);
        }
    }
}
